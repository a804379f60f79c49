import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { afterPaintWhenIdle } from '../../lib/after-paint.ts'
import { categoriesQuery, categoryThumbnailsQuery } from './catalogue.queries.ts'
import type { Category } from './catalogue.schemas.ts'

/**
 * The categories of the API in use, for menus and the carousel: the cached list (the bundled one on
 * a first visit) at once, never a request of its own; RefreshCategories keeps it current.
 */
export function useCategories(): readonly Category[] {
  return useQuery({ ...categoriesQuery(), refetchOnMount: false }).data
}

/**
 * The server renders the menus from the API's own category list, which the page then hands to the
 * browser, fresh; in the browser the bundled list stands in until RefreshCategories asks. A list
 * that cannot be had (the API is down) leaves the bundled one: the page still renders.
 */
export async function loadCategories(queryClient: QueryClient): Promise<void> {
  if (!import.meta.env.SSR) return
  await queryClient.fetchQuery({ ...categoriesQuery(), staleTime: 0 }).catch(() => undefined)
}

/**
 * Refreshes the category list from the API once the first page has painted and the browser is idle
 * (decisions.md § Catalogue API): the first screen never waits for it, and a fresh list makes no request.
 */
export function RefreshCategories() {
  const queryClient = useQueryClient()
  useEffect(
    () => afterPaintWhenIdle(() => void queryClient.prefetchQuery(categoriesQuery())),
    [queryClient],
  )
  return null
}

/**
 * Each category with a picture: its own when the API has one, else the thumbnail of one of its
 * products (one request for all, made only when some category has no picture).
 */
export function useCategoryPictures(categories: readonly Category[]): (string | undefined)[] {
  const missing = categories.some((category) => !category.image)
  const thumbnails = useQuery({ ...categoryThumbnailsQuery(), enabled: missing }).data
  return categories.map((category) => category.image ?? thumbnails?.[category.slug])
}
