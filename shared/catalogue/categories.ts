/**
 * The bundled catalogue's 20 categories (rules.md § Data and reference lists, the carousel list),
 * in carousel order: the API serves them, and the app shows them before any answer. Slugs are the
 * names in lower case with '-' for spaces (decisions.md § Catalogue API); the API derives each
 * name from its slug.
 */
export const CATEGORY_SLUGS = [
  'smartphones',
  'laptops',
  'fragrances',
  'skincare',
  'groceries',
  'home-decoration',
  'furniture',
  'tops',
  'womens-dresses',
  'womens-shoes',
  'mens-shirts',
  'mens-shoes',
  'mens-watches',
  'womens-watches',
  'womens-bags',
  'womens-jewellery',
  'sunglasses',
  'automotive',
  'motorcycle',
  'lighting',
] as const

export type CategorySlug = (typeof CATEGORY_SLUGS)[number]

/**
 * A name read from a URL word, as the API names categories: 'home-decoration' → 'Home
 * Decoration'. The API names its categories so; the app, a slug no list names (a hand-typed
 * category, a brand not loaded yet).
 */
export const nameFromSlug = (slug: string) =>
  slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')

/** A URL word for a name: 'Home Decoration' → 'home-decoration', 'Dolce & Gabbana' → 'dolce-gabbana'. */
export const slugFromName = (name: string) =>
  name
    .toLowerCase()
    .replaceAll(/[^\p{L}\p{N}]+/gu, '-')
    .replaceAll(/^-|-$/g, '')

export function isCategorySlug(slug: string): slug is CategorySlug {
  return (CATEGORY_SLUGS as readonly string[]).includes(slug)
}
