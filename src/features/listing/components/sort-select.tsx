import { useId } from 'react'
import { listingMessages } from '../../../lib/page-messages.ts'
import { SORT_OPTIONS, type SortValue } from '../../../domain/catalogue/sorting.ts'
import styles from './listing.module.css'

interface SortSelectProps {
  value: SortValue | undefined
  onChange: (value: SortValue | undefined) => void
}

/** 'Sort By: SELECT' until an option is chosen (rules.md § Product listings). */
export function SortSelect({ value, onChange }: SortSelectProps) {
  const id = useId()
  return (
    <div className={styles.sort}>
      <label htmlFor={id}>{listingMessages.sortBy}</label>
      <select
        id={id}
        className={styles.select}
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || undefined) as SortValue | undefined)}
      >
        <option value="">{listingMessages.sortUnset}</option>
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
