import { useQuery } from '@tanstack/react-query'
import { CloseIcon } from '../../../components/icons.tsx'
import { listingMessages } from '../../../lib/page-messages.ts'
import { productScopeQuery } from '../../../domain/catalogue/catalogue.queries.ts'
import { appliedFilters, countFilters, type Filters, type AppliedFilter } from '../filters.ts'
import styles from './listing.module.css'

interface FilterTagsProps {
  category: string | undefined
  filters: Filters
  onRemove: (filter: AppliedFilter) => void
  onClearAll: () => void
}

/** Applied filters as removable tags; a 'Clear All' tag from two filters on (rules.md § Product listings). */
export function FilterTags({ category, filters, onRemove, onClearAll }: FilterTagsProps) {
  // The scope the listing filters (the same cache entry): it names the brands.
  const scope = useQuery({ ...productScopeQuery(category), enabled: countFilters(filters) > 0 })
  const applied = appliedFilters(filters, scope.data)
  if (applied.length === 0) return null
  return (
    <ul className={styles.tags} aria-label="Applied filters">
      {applied.map((filter) => (
        <li key={`${filter.group}:${filter.value}`}>
          <button
            type="button"
            className={styles.tag}
            onClick={() => onRemove(filter)}
            aria-label={`Remove filter ${filter.label}`}
          >
            {filter.label}
            <CloseIcon width={16} height={16} />
          </button>
        </li>
      ))}
      {applied.length >= 2 && (
        <li>
          <button type="button" className={`${styles.tag} ${styles.clearTag}`} onClick={onClearAll}>
            {listingMessages.clearAll}
          </button>
        </li>
      )}
    </ul>
  )
}
