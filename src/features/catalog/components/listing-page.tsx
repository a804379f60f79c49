import { useCallback, useId, useState } from 'react'
import { Breadcrumb, type Crumb } from '../../../components/breadcrumb.tsx'
import { Button } from '../../../components/button.tsx'
import { errorMessages } from '../../../lib/api-error.ts'
import { messages } from '../../../lib/messages.ts'
import { pageTitle } from '../../../lib/page-title.ts'
import { DESKTOP_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts'
import { categoryName } from '../categories.ts'
import { toggleFilter } from '../filter-products.ts'
import type { Filters } from '../filters.ts'
import { filtersOf, type ListingSearch } from '../listing-search.ts'
import { useCategories } from '../use-categories.ts'
import { useListing } from '../use-listing.ts'
import { FilterPanel } from './filter-panel.tsx'
import { FilterTags } from './filter-tags.tsx'
import styles from './listing.module.css'
import { ProductGrid, ProductGridSkeleton } from './product-grid.tsx'
import { SortSelect } from './sort-select.tsx'

interface ListingPageProps {
  /** A category slug, or none for All Products. */
  category?: string
  search: ListingSearch
  onSearchChange: (search: ListingSearch) => void
}

/** /products and /products/{category} (spec §2.4). */
export function ListingPage({ category, search, onSearchChange }: ListingPageProps) {
  const categories = useCategories()
  const name = category ? categoryName(category, categories) : messages.allProducts
  const listing = useListing(category, search)
  const [panelOpen, setPanelOpen] = useState(false)
  const panelId = useId()
  const sheet = !useMediaQuery(DESKTOP_QUERY)
  const filters = filtersOf(search)
  const setFilters = (next: Filters) => onSearchChange({ sort: search.sort, ...next })
  const closePanel = useCallback(() => setPanelOpen(false), [setPanelOpen])

  const crumbs: Crumb[] = [
    { label: 'Home', link: { to: '/' } },
    { label: messages.allProducts, link: { to: '/products' } },
  ]
  if (category)
    crumbs.push({ label: name, link: { to: '/products/$category', params: { category } } })

  return (
    <div className={`container ${styles.page}`}>
      <title>{pageTitle(name)}</title>
      <Breadcrumb items={crumbs} />
      <h1 className={styles.heading}>
        {name}
        {listing.scopeTotal !== undefined && ` (${listing.scopeTotal})`}
      </h1>
      <div className={styles.toolbar}>
        <Button
          variant="secondary"
          aria-expanded={panelOpen}
          aria-controls={panelId}
          onClick={() => setPanelOpen((open) => !open)}
        >
          {panelOpen ? 'Hide Filter' : 'Show Filter'}
        </Button>
        <SortSelect value={search.sort} onChange={(sort) => onSearchChange({ ...search, sort })} />
      </div>
      <FilterTags
        category={category}
        filters={filters}
        onRemove={(filter) => setFilters(toggleFilter(filters, filter.group, filter.value))}
        onClearAll={() => setFilters({})}
      />
      <div className={panelOpen ? `${styles.layout} ${styles.withPanel}` : styles.layout}>
        {panelOpen && (
          <FilterPanel
            key={JSON.stringify(filters)}
            id={panelId}
            category={category}
            applied={filters}
            sheet={sheet}
            onClose={closePanel}
            onApply={(next) => {
              setFilters(next)
              if (sheet) closePanel()
            }}
          />
        )}
        <section aria-label="Products" aria-busy={listing.pending}>
          <ListingResults listing={listing} />
        </section>
      </div>
    </div>
  )
}

function ListingResults({ listing }: { listing: ReturnType<typeof useListing> }) {
  if (listing.pending) return <ProductGridSkeleton />
  if (listing.error && listing.products.length === 0) {
    return (
      <div className={styles.error} role="alert">
        <p>{errorMessages(listing.error).join(' ')}</p>
        <Button onClick={listing.retry}>Retry</Button>
      </div>
    )
  }
  if (listing.products.length === 0) return <p className={styles.empty}>{messages.noProducts}</p>
  return (
    <>
      <ProductGrid products={listing.products} />
      <p className={styles.status} role="status">
        Viewing {listing.products.length} of {listing.total} products
      </p>
      {listing.hasMore && (
        <div className={styles.more}>
          <Button variant="secondary" onClick={listing.loadMore} disabled={listing.loadingMore}>
            {listing.loadingMore ? 'Loading…' : 'Load More'}
          </Button>
        </div>
      )}
    </>
  )
}
