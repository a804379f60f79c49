import { env } from '../../lib/env.ts'
import { PAGE_NAMES } from '../../lib/page-heads.ts'
import type { HeadMatch } from '../../lib/route-head.ts'
import type { RouterContext } from '../../lib/router-context.ts'
import { categoriesQuery } from './catalogue.queries.ts'
import { categoryName } from './categories.ts'

// What the heads of the listings and of the product page share.

/** The category's name as the API in use names it (the cached list, else its slug's words). */
export function cachedCategoryName(match: HeadMatch, slug: string): string {
  const { queryClient } = match.context as RouterContext
  return categoryName(slug, queryClient.getQueryData(categoriesQuery().queryKey) ?? [])
}

/** Home, then All Products: the trail every catalogue page starts with, as `[name, URL]`. */
export const catalogueTrail = (origin: string) =>
  [
    [env.brand, `${origin}/`],
    [PAGE_NAMES.allProducts, `${origin}/products`],
  ] as const
