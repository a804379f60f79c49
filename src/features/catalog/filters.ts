import type { ProductCardData } from './catalog.schemas.ts'

/**
 * The filter groups and options of spec §3 with the semantics of spec §9 and decisions §4:
 * discount is "at most" the chosen percent, 'Free' is a 100% discount; price is from start up to
 * (excluding) end, or start and above; brand matches case-insensitively; rating is "at least".
 */
type Match = (product: ProductCardData) => boolean

interface FilterOption {
  value: string
  label: string
  matches: Match
}

const discountAtMost =
  (percent: number): Match =>
  (p) =>
    p.discountPercentage <= percent
const priceFrom =
  (start: number, end?: number): Match =>
  (p) =>
    p.price >= start && (end === undefined || p.price < end)
const brandIs =
  (brand: string): Match =>
  (p) =>
    p.brand?.toLowerCase() === brand.toLowerCase()
const ratingAtLeast =
  (rating: number): Match =>
  (p) =>
    p.rating >= rating

export const FILTER_GROUPS = [
  {
    key: 'discount',
    title: 'Discount Range',
    options: [
      { value: '10', label: '10%', matches: discountAtMost(10) },
      { value: '20', label: '20%', matches: discountAtMost(20) },
      { value: '50', label: '50%', matches: discountAtMost(50) },
      { value: 'free', label: 'Free', matches: (p) => p.discountPercentage >= 100 },
    ],
  },
  {
    key: 'price',
    title: 'Price Range',
    options: [
      { value: '10-100', label: '$10 - $100', matches: priceFrom(10, 100) },
      { value: '100-500', label: '$100 - $500', matches: priceFrom(100, 500) },
      { value: '500-1000', label: '$500 - $1000', matches: priceFrom(500, 1000) },
      { value: '1000+', label: '$1000 and above', matches: priceFrom(1000) },
    ],
  },
  {
    key: 'brand',
    title: 'Brand',
    options: ['Apple', 'Samsung', 'Sneakers', 'Top Sweater', 'Soft Cotton'].map((brand) => ({
      value: brand.toLowerCase().replaceAll(' ', '-'),
      label: brand,
      matches: brandIs(brand),
    })),
  },
  {
    key: 'rating',
    title: 'Rating',
    options: [
      { value: '5', label: '5 stars', matches: ratingAtLeast(5) },
      { value: '4', label: '4 stars & up', matches: ratingAtLeast(4) },
      { value: '3', label: '3 stars & up', matches: ratingAtLeast(3) },
    ],
  },
] as const satisfies readonly { key: string; title: string; options: readonly FilterOption[] }[]

export type FilterKey = (typeof FILTER_GROUPS)[number]['key']
export type Filters = Partial<Record<FilterKey, readonly string[]>>

export interface AppliedFilter {
  group: FilterKey
  value: string
  label: string
}

/** The applied filters in panel order, with their labels; unknown values are ignored. */
export function appliedFilters(filters: Filters): AppliedFilter[] {
  return FILTER_GROUPS.flatMap((group) =>
    group.options
      .filter((option) => filters[group.key]?.includes(option.value))
      .map((option) => ({ group: group.key, value: option.value, label: option.label })),
  )
}

export const countFilters = (filters: Filters) => appliedFilters(filters).length
