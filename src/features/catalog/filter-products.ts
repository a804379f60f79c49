import type { ProductCardData } from './catalog.schemas.ts'
import { filterGroups, type FilterKey, type Filters } from './filters.ts'

// Applying and changing filters: for the listing page (on demand), apart from the filter groups
// that reading a listing's URL needs at start.

/**
 * Spec §9: each applied filter selects its matches; the results of all of them are merged and
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
