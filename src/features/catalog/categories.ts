/**
 * The spec's 20 categories (§3, the carousel list), in carousel order. Categories are reference
 * data, not fetched (spec §7); slugs are the names in lower case with '-' for spaces.
 */
const NAMES = [
  'Smartphones',
  'Laptops',
  'Fragrances',
  'Skincare',
  'Groceries',
  'Home Decoration',
  'Furniture',
  'Tops',
  'Womens Dresses',
  'Womens Shoes',
  'Mens Shirts',
  'Mens Shoes',
  'Mens Watches',
  'Womens Watches',
  'Womens Bags',
  'Womens Jewellery',
  'Sunglasses',
  'Automotive',
  'Motorcycle',
  'Lighting',
] as const

export interface Category {
  slug: string
  name: string
}

export const CATEGORIES: readonly Category[] = NAMES.map((name) => ({
  name,
  slug: name.toLowerCase().replaceAll(' ', '-'),
}))

/** The header bar shows these; the rest go under 'More Categories' (spec §2.3). */
export const HEADER_CATEGORY_COUNT = 4

/** 'home-decoration' → 'Home Decoration'; unknown slugs get the same capitalisation rule as the API. */
export function categoryName(slug: string): string {
  return (
    CATEGORIES.find((category) => category.slug === slug)?.name ??
    slug
      .split('-')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  )
}
