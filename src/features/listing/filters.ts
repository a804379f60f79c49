import type { ProductCardData } from '../../domain/catalogue/catalogue.schemas.ts'
import { FILTER_VALUES, type FilterKey, type Filters } from './filter-values.ts'
import { nameFromSlug, slugFromName } from '../../../shared/catalogue/categories.ts'
import { shownPrice } from '../../../shared/pricing/pricing.ts'

export type { FilterKey, Filters }

/**
 * The filter groups and options of rules.md § Data and reference lists with the semantics of rules.md § Constants and formulas and decisions.md § Data fetching and caching:
 * discount is "at most" the chosen percent, 'Free' is a 100% discount; price (the one shown, after
 * the discount) is from start up to (excluding) end, or start and above; brand matches case-insensitively; rating is "at least".
 */
type Match = (product: ProductCardData) => boolean

interface FilterOption {
  value: string
  label: string
  matches: Match
}

/** A fixed group's options, one for each of its URL values, in their order. */
const optionsOf = <V extends string>(
  values: readonly V[],
  options: Record<V, Omit<FilterOption, 'value'>>,
): FilterOption[] => values.map((value) => ({ value, ...options[value] }))

export interface FilterGroup {
  key: FilterKey
  title: string
  options: readonly FilterOption[]
}

const discountAtMost =
  (percent: number): Match =>
  (p) =>
    p.discountPercentage <= percent
// The price a card shows, after its discount (rules.md § Constants and formulas).
const priceFrom =
  (start: number, end?: number): Match =>
  (p) =>
    shownPrice(p) >= start && (end === undefined || shownPrice(p) < end)
const ratingAtLeast =
  (rating: number): Match =>
  (p) =>
    p.rating >= rating

/** The groups whose options are fixed (rules.md § Data and reference lists); Brand's come from the data, see filterGroups. */
export const FILTER_GROUPS = [
  {
    key: 'discount',
    title: 'Discount Range',
    options: optionsOf(FILTER_VALUES.discount, {
      '10': { label: '10%', matches: discountAtMost(10) },
      '20': { label: '20%', matches: discountAtMost(20) },
      '50': { label: '50%', matches: discountAtMost(50) },
      free: { label: 'Free', matches: (p) => p.discountPercentage >= 100 },
    }),
  },
  {
    key: 'price',
    title: 'Price Range',
    options: optionsOf(FILTER_VALUES.price, {
      '10-100': { label: '$10 - $100', matches: priceFrom(10, 100) },
      '100-500': { label: '$100 - $500', matches: priceFrom(100, 500) },
      '500-1000': { label: '$500 - $1000', matches: priceFrom(500, 1000) },
      '1000+': { label: '$1000 and above', matches: priceFrom(1000) },
    }),
  },
  {
    key: 'rating',
    title: 'Rating',
    options: optionsOf(FILTER_VALUES.rating, {
      '5': { label: '5 stars', matches: ratingAtLeast(5) },
      '4': { label: '4 stars & up', matches: ratingAtLeast(4) },
      '3': { label: '3 stars & up', matches: ratingAtLeast(3) },
    }),
  },
] as const satisfies readonly FilterGroup[]

/** The Brand group's brands of rules.md § Data and reference lists: listed first, in this order, where the scope has them. */
const SPEC_BRANDS = ['Apple', 'Samsung', 'Sneakers', 'Top Sweater', 'Soft Cotton']

/** A brand's value in the URL: 'Top Sweater' → 'top-sweater', 'Dolce & Gabbana' → 'dolce-gabbana'. */
export const brandValue = slugFromName

/**
 * The Brand options of a scope (decisions.md § Catalogue API): every brand its products have, so none matches
 * nothing; the spec's five first where they exist, then the others alphabetically.
 */
export function brandOptions(scope: readonly ProductCardData[]): FilterOption[] {
  const brands = new Map<string, string>()
  for (const { brand } of scope) if (brand?.trim()) brands.set(brandValue(brand), brand.trim())
  const rank = (name: string) => {
    const index = SPEC_BRANDS.indexOf(name)
    return index === -1 ? SPEC_BRANDS.length : index
  }
  return [...brands]
    .sort(([, a], [, b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([value, label]) => ({
      value,
      label,
      matches: (p) => p.brand !== undefined && brandValue(p.brand) === value,
    }))
}

/** The option a size filter reads (rules.md § Options and variants). */
const SIZE = 'Size'
// Clothing sizes in the order a shop lists them; other sizes (shoes, volumes) by their number.
const CLOTHING_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL']

function bySize(a: string, b: string): number {
  const rank = (size: string) => {
    const index = CLOTHING_SIZES.indexOf(size.toUpperCase())
    return index === -1 ? CLOTHING_SIZES.length : index
  }
  return rank(a) - rank(b) || parseFloat(a) - parseFloat(b) || a.localeCompare(b)
}

/**
 * The Size options of a scope (rules.md § Options and variants): every size one of its products
 * has in stock, smallest first. A product matches a size it has a variant of in stock.
 */
export function sizeOptions(scope: readonly ProductCardData[]): FilterOption[] {
  const sizes = new Map<string, string>()
  for (const { variants } of scope)
    for (const variant of variants ?? []) {
      const size = variant.options[SIZE]
      if (size && variant.stock > 0) sizes.set(slugFromName(size), size)
    }
  return [...sizes]
    .sort(([, a], [, b]) => bySize(a, b))
    .map(([value, label]) => ({
      value,
      label,
      matches: (p) =>
        p.variants?.some(
          (variant) =>
            variant.stock > 0 &&
            variant.options[SIZE] !== undefined &&
            slugFromName(variant.options[SIZE]) === value,
        ) ?? false,
    }))
}

/**
 * The four groups of rules.md § Data and reference lists in panel order, the Brand options those of `scope`, and Size where
 * the scope's products come in sizes. Without a scope (not loaded yet) Brand has no options.
 */
export function filterGroups(scope: readonly ProductCardData[] = []): FilterGroup[] {
  const [discount, price, rating] = FILTER_GROUPS
  const sizes = sizeOptions(scope)
  return [
    discount,
    price,
    { key: 'brand', title: 'Brand', options: brandOptions(scope) },
    rating,
    ...(sizes.length > 0 ? [{ key: 'size' as const, title: 'Size', options: sizes }] : []),
  ]
}

export interface AppliedFilter {
  group: FilterKey
  value: string
  label: string
}

/**
 * The applied filters in panel order, with their labels; unknown values are ignored. Brands are
 * known from `scope`; until it is loaded, a brand's label is made from its value.
 */
export function appliedFilters(
  filters: Filters,
  scope?: readonly ProductCardData[],
): AppliedFilter[] {
  // Until the scope is loaded, a brand's or a size's label is made from its value.
  const groups = scope
    ? filterGroups(scope)
    : [...filterGroups(), { key: 'size' as const, title: 'Size', options: [] }]
  const fromValues = (key: FilterKey) =>
    (filters[key] ?? []).map((value) => ({
      value,
      label: key === 'brand' ? nameFromSlug(value) : value.toUpperCase(),
    }))
  return groups.flatMap((group) =>
    (!scope && (group.key === 'brand' || group.key === 'size')
      ? fromValues(group.key)
      : group.options
    )
      .filter((option) => filters[group.key]?.includes(option.value))
      .map((option) => ({ group: group.key, value: option.value, label: option.label })),
  )
}

/** How many filter values the URL applies (what 'Filter (n)' counts). */
export const countFilters = (filters: Filters) =>
  Object.values(filters).reduce((count, values) => count + (values?.length ?? 0), 0)

/**
 * rules.md § Constants and formulas: each applied filter selects its matches; the results of all of them are merged and
 * de-duplicated by id. Catalogue order is kept. No filter means no narrowing.
 */
export function applyFilters<T extends ProductCardData>(
  products: readonly T[],
  filters: Filters,
): readonly T[] {
  const matchers = filterGroups(products).flatMap((group) =>
    group.options
      .filter((option) => filters[group.key]?.includes(option.value))
      .map((option) => option.matches),
  )
  if (matchers.length === 0) return products
  const seen = new Set<number>()
  return products.filter((product) => {
    if (seen.has(product.id) || !matchers.some((matches) => matches(product))) return false
    seen.add(product.id)
    return true
  })
}

export function toggleFilter(filters: Filters, group: FilterKey, value: string): Filters {
  const current = filters[group] ?? []
  const next = current.includes(value)
    ? current.filter((item) => item !== value)
    : [...current, value]
  return { ...filters, [group]: next.length > 0 ? next : undefined }
}
