import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { buttonClass } from '../../../components/button.tsx'
import { listingMessages } from '../../../lib/page-messages.ts'
import type { ProductCardData } from '../../../domain/catalogue/catalogue.schemas.ts'
import { productScopeQuery } from '../../../domain/catalogue/catalogue.queries.ts'
import { countFilters, filterGroups, type Filters } from '../filters.ts'
import type { SortValue } from '../../../domain/catalogue/sorting.ts'
import styles from './listing.module.css'

interface NoScriptFiltersProps {
  category: string | undefined
  sort: SortValue | undefined
  applied: Filters
  /** The products on the page, whose brands and sizes Brand and Size offer when the whole scope is not at hand. */
  listed: readonly ProductCardData[]
}

/**
 * 'Show Filter' for a browser without JavaScript (decisions.md § Server rendering, without
 * JavaScript): a `<details>` with a GET form of the same groups and values, which builds the
 * listing's own address (the names of listing-search.ts; two values of a group are two of the same
 * name, which the router reads as one list). Rendered in a `<noscript>`: the app never renders it.
 * Brand and Size list the scope's own when the server has loaded it (a filtered listing), else
 * those of the products listed.
 */
export function NoScriptFilters({ category, sort, applied, listed }: NoScriptFiltersProps) {
  const scope = useQueryClient().getQueryData(productScopeQuery(category).queryKey)
  return (
    <details className={styles.noScriptFilter}>
      <summary className={buttonClass('secondary')}>Show Filter</summary>
      <form method="get" className={styles.panel}>
        <h2 className={styles.noScriptTitle}>
          {listingMessages.filterCount(countFilters(applied))}
        </h2>
        {sort && <input type="hidden" name="sort" value={sort} />}
        {filterGroups(scope ?? listed).map((group) => (
          <fieldset key={group.key} className={styles.noScriptGroup}>
            <legend>{group.title}</legend>
            <ul className={styles.options}>
              {group.options.map((option) => (
                <li key={option.value}>
                  <label className={styles.option}>
                    <input
                      type="checkbox"
                      name={group.key}
                      value={option.value}
                      defaultChecked={applied[group.key]?.includes(option.value)}
                    />
                    {option.label}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
        <div className={styles.panelActions}>
          <button type="submit" className={buttonClass()}>
            Show Products
          </button>
          <Link to="." search={{ sort }} className={buttonClass('secondary')}>
            {listingMessages.clearAll}
          </Link>
        </div>
      </form>
    </details>
  )
}
