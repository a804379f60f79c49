/**
 * The spec's 20 categories (rules.md § Data and reference lists, the carousel list), in carousel order. Slugs are the names in
 * lower case with '-' for spaces (decisions.md § Catalogue API); the API derives each name from its slug.
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

/** 'home-decoration' → 'Home Decoration', as the public API names categories. */
export function categoryName(slug: string): string {
  return slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

export function isCategorySlug(slug: string): slug is CategorySlug {
  return (CATEGORY_SLUGS as readonly string[]).includes(slug)
}
