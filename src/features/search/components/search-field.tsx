import { useId, type ComponentProps } from 'react'
import { SearchIcon } from '../../../components/icons.tsx'
import { listingMessages } from '../../../lib/page-messages.ts'
import { MAX_QUERY_LENGTH } from '../search.ts'
import styles from './search-field.module.css'

interface SearchFieldProps extends ComponentProps<'input'> {
  /** The label for screen readers only (the header's search), not shown above the box. */
  labelHidden?: boolean
}

/** The search box, with its label and icon: the search page's, and the header's combobox. */
export function SearchField({ labelHidden = false, ...input }: SearchFieldProps) {
  const id = useId()
  return (
    <>
      <label htmlFor={id} className={labelHidden ? 'visually-hidden' : styles.label}>
        {listingMessages.searchLabel}
      </label>
      <div className={styles.box}>
        <SearchIcon className={styles.icon} width={20} height={20} />
        <input
          type="text"
          id={id}
          className={styles.input}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={MAX_QUERY_LENGTH}
          {...input}
        />
      </div>
    </>
  )
}
