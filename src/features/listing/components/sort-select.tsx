import { useId } from 'react'
import { buttonClass } from '../../../components/button.tsx'
import { listingMessages } from '../../../lib/page-messages.ts'
import { SORT_OPTIONS, type SortValue } from '../../../domain/catalogue/sorting.ts'
import { FILTER_KEYS, type Filters } from '../filter-values.ts'
import styles from './listing.module.css'

interface SortSelectProps {
  value: SortValue | undefined
  /** The filters applied, which a sort keeps. */
  filters: Filters
  onChange: (value: SortValue | undefined) => void
}

/**
 * 'Sort By: SELECT' until an option is chosen (rules.md § Product listings). A GET form too: without
 * JavaScript, its 'Sort' button (shown only then) sends it, and it builds the address the app's
 * own change does (decisions.md § Server rendering, without JavaScript): `sort`, then each filter
 * applied as the router writes it (its list in JSON), the page back to the first.
 */
export function SortSelect({ value, filters, onChange }: SortSelectProps) {
  const id = useId()
  return (
    <form method="get" className={styles.sort} onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id}>{listingMessages.sortBy}</label>
      <select
        id={id}
        name="sort"
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
      {FILTER_KEYS.map((key) => {
        const values = filters[key]
        return values?.length ? (
          <input key={key} type="hidden" name={key} value={JSON.stringify(values)} />
        ) : null
      })}
      {/* Shown only without JavaScript (document.tsx); in the form always, as its submit button. */}
      <button type="submit" className={buttonClass('secondary', 'no-script-only')}>
        Sort
      </button>
    </form>
  )
}
