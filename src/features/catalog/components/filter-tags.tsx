import { CloseIcon } from '../../../components/icons.tsx'
import { appliedFilters, type Filters, type AppliedFilter } from '../filters.ts'
import styles from './listing.module.css'

interface FilterTagsProps {
  filters: Filters
  onRemove: (filter: AppliedFilter) => void
  onClearAll: () => void
}

/** Applied filters as removable tags; a 'Clear All' tag from two filters on (spec §2.4). */
export function FilterTags({ filters, onRemove, onClearAll }: FilterTagsProps) {
  const applied = appliedFilters(filters)
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
            Clear All
          </button>
        </li>
      )}
    </ul>
  )
}
