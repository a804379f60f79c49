import type { ReactNode } from 'react'
import { STATUS_NAMES, type OrderStatus } from '../operator-api.ts'
import styles from '../admin.module.css'

/** An order's status in words, coloured by kind (the words carry it: colour only helps). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={styles.badge} data-status={status}>
      {STATUS_NAMES[status]}
    </span>
  )
}

/**
 * Newer and older pages of a list, and where this one is. `link` makes each link to a page (its
 * search kept): a route's own typed Link.
 */
export function Pager({
  page,
  pages,
  label,
  link,
}: {
  page: number
  pages: number
  label: string
  link: (page: number, text: string) => ReactNode
}) {
  if (pages <= 1) return null
  return (
    <nav aria-label={label} className={styles.pager}>
      {page > 1 ? link(page - 1, 'Previous page') : <span aria-hidden="true" />}
      <span>
        Page {Math.min(page, pages)} of {pages}
      </span>
      {page < pages ? link(page + 1, 'Next page') : <span aria-hidden="true" />}
    </nav>
  )
}

/**
 * A list's search: its text field (the address's `q`), any filters (`children`), Find, and a way
 * back to the whole list (`clear`) while one is searched. `onSearch` gets the form and the text.
 */
export function SearchForm({
  label,
  fieldLabel,
  q,
  onSearch,
  clear,
  children,
}: {
  label: string
  fieldLabel: string
  q: string | undefined
  onSearch: (form: HTMLFormElement, text: string) => void
  clear?: ReactNode
  children?: ReactNode
}) {
  return (
    <form
      role="search"
      aria-label={label}
      className={styles.filters}
      onSubmit={(event) => {
        event.preventDefault()
        onSearch(event.currentTarget, textOf(event.currentTarget, 'q').trim())
      }}
    >
      <label className={styles.field}>
        <span>{fieldLabel}</span>
        <input
          type="search"
          name="q"
          defaultValue={q ?? ''}
          key={q ?? ''}
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      {children}
      <button type="submit" className={styles.action}>
        Find
      </button>
      {clear}
    </form>
  )
}

/** A form's field as text (a file field's value is none). */
export function textOf(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name)
  return typeof value === 'string' ? value : ''
}
