import { env } from '../../lib/env.ts'
import type { Category } from './catalogue.schemas.ts'
import { CATEGORY_SLUGS, nameFromSlug } from '../../../shared/catalogue/categories.ts'

export type { Category }

/**
 * The bundled catalogue server's 20 categories (rules.md § Data and reference lists, the carousel
 * list), in its order, from the code the app and the server share: the first screen waits for
 * nothing; the list of the API in use replaces them in the background (decisions.md § Catalogue
 * API).
 */
export const BUNDLED_CATEGORIES: readonly Category[] = CATEGORY_SLUGS.map((slug) => {
  // Another API's pictures are unknown until its own list says: none are guessed (no failed requests).
  // On the page's own origin, so the server's HTML and the browser's render name the same address.
  const image = env.bundledApi ? `${env.apiUrl}/images/categories/${slug}.svg` : undefined
  return { slug, name: nameFromSlug(slug), image }
})

/** The header bar shows these; the rest go under 'More Categories' (rules.md § Header and footer). */
export const HEADER_CATEGORY_COUNT = 4

/**
 * A category's name as the API's list has it; a slug the list does not know gets the API's own
 * naming rule ('home-decoration' → 'Home Decoration').
 */
export function categoryName(slug: string, categories: readonly Category[]): string {
  return categories.find((category) => category.slug === slug)?.name ?? nameFromSlug(slug)
}
