import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Button } from '../../../components/button.tsx'
import { Disclosure } from '../../../components/disclosure.tsx'
import { CloseIcon } from '../../../components/icons.tsx'
import { listingMessages } from '../../../lib/page-messages.ts'
import { useCoveringPanel } from '../../../lib/use-covering-panel.ts'
import { DESKTOP_QUERY } from '../../../lib/use-media-query.ts'
import { useWindowMediaQuery } from '../../../lib/use-window-media-query.ts'
import { productScopeQuery } from '../../../domain/catalogue/catalogue.queries.ts'
import { applyFilters, toggleFilter } from '../filters.ts'
import { countFilters, filterGroups, type FilterGroup, type Filters } from '../filters.ts'
import styles from './listing.module.css'

const BRANDS_SHOWN = 10

interface FilterPanelProps {
  id: string
  category: string | undefined
  /** The filters in the URL; the panel edits a copy until 'Show N Products'. */
  applied: Filters
  onApply: (filters: Filters) => void
  onClose: () => void
}

/**
 * 'Filter (n)' with the four groups of rules.md § Data and reference lists, Brand listing the brands of the whole category
 * (or catalogue); 'Show N Products' counts the real matches.
 */
export function FilterPanel({ id, category, applied, onApply, onClose }: FilterPanelProps) {
  // Small screens: a full-height sheet over the page, closed once the filters apply.
  const sheet = !useWindowMediaQuery(DESKTOP_QUERY)
  const apply = (filters: Filters) => {
    onApply(filters)
    if (sheet) onClose()
  }
  const [draft, setDraft] = useState(applied)
  const titleId = useId()
  // The whole category, once: N is the true number of matches of the choices so far.
  const scope = useQuery(productScopeQuery(category))
  const matches = scope.data ? applyFilters(scope.data, draft).length : undefined
  // A whole catalogue has a hundred brands: the first few (the spec's first), the rest on request.
  const [allBrands, setAllBrands] = useState(false)
  const shownOptions = (group: FilterGroup) =>
    group.key !== 'brand' || allBrands
      ? group.options
      : group.options.filter(
          (option, index) => index < BRANDS_SHOWN || draft.brand?.includes(option.value),
        )

  useCoveringPanel(sheet, onClose)

  return (
    <aside
      id={id}
      className={sheet ? styles.sheet : styles.panel}
      aria-labelledby={titleId}
      role={sheet ? 'dialog' : undefined}
      aria-modal={sheet || undefined}
    >
      <div className={styles.panelHeader}>
        <h2 id={titleId}>{listingMessages.filterCount(countFilters(draft))}</h2>
        {sheet && (
          <button type="button" className={styles.tag} onClick={onClose} aria-label="Hide Filter">
            <CloseIcon width={20} height={20} />
          </button>
        )}
      </div>
      {filterGroups(scope.data).map((group) => {
        const shown = shownOptions(group)
        return (
          <Disclosure
            key={group.key}
            title={group.title}
            collapsible
            headingLevel="h3"
            defaultOpen={Boolean(applied[group.key]?.length)}
          >
            {group.key === 'brand' && group.options.length === 0 && !scope.isError && (
              <p className={styles.optionsNote} role="status">
                {scope.isPending ? 'Finding brands…' : 'No brands here'}
              </p>
            )}
            <ul className={styles.options}>
              {shown.map((option) => (
                <li key={option.value}>
                  <label className={styles.option}>
                    <input
                      type="checkbox"
                      checked={draft[group.key]?.includes(option.value) ?? false}
                      onChange={() =>
                        setDraft((current) => toggleFilter(current, group.key, option.value))
                      }
                    />
                    {option.label}
                  </label>
                </li>
              ))}
            </ul>
            {shown.length < group.options.length && (
              <button type="button" className={styles.showAll} onClick={() => setAllBrands(true)}>
                Show all {group.options.length} brands
              </button>
            )}
          </Disclosure>
        )
      })}
      <div className={styles.panelActions}>
        <Button onClick={() => apply(draft)} disabled={matches === undefined}>
          {matches === undefined ? 'Counting products…' : listingMessages.showProducts(matches)}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft({})
            apply({})
          }}
        >
          {listingMessages.clearAll}
        </Button>
      </div>
    </aside>
  )
}
