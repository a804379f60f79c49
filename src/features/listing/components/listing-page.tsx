import { Link, useRouterState } from '@tanstack/react-router'
import { useCallback, useId, useState, type Dispatch, type SetStateAction } from 'react'
import { Breadcrumb, type Crumb } from '../../../components/breadcrumb.tsx'
import { Button, buttonClass } from '../../../components/button.tsx'
import { useHydrated } from '../../../lib/hydrated.tsx'
import { messages } from '../../../lib/messages.ts'
import { listingMessages } from '../../../lib/page-messages.ts'
import { PAGE_SIZE } from '../../../domain/catalogue/catalogue.api.ts'
import { categoryName } from '../../../domain/catalogue/categories.ts'
import { toggleFilter, type Filters } from '../filters.ts'
import { listsWholeScope } from '../listing-loader.ts'
import { filtersOf, parseListingSearch, type ListingSearch } from '../listing-search.ts'
import { useCategories } from '../../../domain/catalogue/use-categories.ts'
import { useFilteredListing, usePagedListing, type Listing } from '../use-listing.ts'
import { FilterPanel } from './filter-panel.tsx'
import { FilterTags } from './filter-tags.tsx'
import { NoScriptFilters } from './no-script-filters.tsx'
import styles from './listing.module.css'
import { ProductGrid } from '../../../components/product-grid.tsx'
import { SortSelect } from './sort-select.tsx'

interface ListingPageProps {
  /** A category slug, or none for All Products. */
  category?: string
  search: ListingSearch
  onSearchChange: (search: ListingSearch) => void
}

type PanelState = [open: boolean, setOpen: Dispatch<SetStateAction<boolean>>]

/**
 * /products and /products/{category} (rules.md § Product listings). The route's loader has the products in the cache.
 * The filter panel's state lives here, so it stays open when the first filter changes the source.
 */
export function ListingPage(props: ListingPageProps) {
  const panel = useState(false)
  return listsWholeScope(props.search) ? (
    <FilteredListing {...props} panel={panel} />
  ) : (
    <PagedListing {...props} panel={panel} />
  )
}

type ListingViewProps = ListingPageProps & { panel: PanelState }

function PagedListing(props: ListingViewProps) {
  return <ListingView {...props} listing={usePagedListing(props.category, props.search.sort)} />
}

function FilteredListing(props: ListingViewProps) {
  return <ListingView {...props} listing={useFilteredListing(props.category, props.search)} />
}

function ListingView({
  category,
  search,
  onSearchChange,
  panel: [panelOpen, setPanelOpen],
  listing,
}: ListingViewProps & { listing: Listing }) {
  const categories = useCategories()
  const name = category ? categoryName(category, categories) : messages.allProducts
  const panelId = useId()
  const resultsId = useId()
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
      <Breadcrumb items={crumbs} />
      <h1 className={styles.heading}>
        {name} ({listing.scopeTotal})
      </h1>
      <div className={styles.toolbar}>
        {/* Without JavaScript, the page hides the app's button and its <noscript> form stands in. */}
        <Button
          variant="secondary"
          className="needs-script"
          aria-expanded={panelOpen}
          aria-controls={panelId}
          onClick={() => setPanelOpen((open) => !open)}
        >
          {panelOpen ? 'Hide Filter' : 'Show Filter'}
        </Button>
        <noscript>
          <NoScriptFilters
            category={category}
            sort={search.sort}
            applied={filters}
            listed={listing.products}
          />
        </noscript>
        <SortSelect
          value={search.sort}
          filters={filters}
          onChange={(sort) => onSearchChange({ ...search, sort, page: undefined })}
        />
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
            onClose={closePanel}
            onApply={setFilters}
          />
        )}
        {/* A heading between the page's h1 and the cards' h3, for the outline screen readers walk. */}
        <section aria-labelledby={resultsId}>
          <h2 id={resultsId} className="visually-hidden">
            Products
          </h2>
          <ListingResults listing={listing} search={search} />
        </section>
      </div>
    </div>
  )
}

function ListingResults({ listing, search }: { listing: Listing; search: ListingSearch }) {
  if (listing.products.length === 0)
    return <p className={styles.empty}>{listingMessages.noProducts}</p>
  return (
    <>
      <ProductGrid products={listing.products} />
      <p className={styles.status} role="status">
        {listingMessages.viewing(listing.products.length, listing.total)}
      </p>
      {listing.hasMore && (
        <div className={styles.more}>
          <LoadMore listing={listing} search={search} />
        </div>
      )}
    </>
  )
}

/**
 * 'Load More' (rules.md § Product listings): the next 30 in place once the app runs; until then (and without
 * JavaScript) a link to this listing with one page more, which the server renders.
 */
function LoadMore({ listing, search }: { listing: Listing; search: ListingSearch }) {
  if (!useHydrated()) {
    const page = Math.ceil(listing.products.length / PAGE_SIZE) + 1
    return (
      <Link to="." search={{ ...search, page }} className={buttonClass('secondary')}>
        Load More
      </Link>
    )
  }
  return <LoadMoreButton listing={listing} search={search} />
}

/**
 * True from the moment a new sort or filter is chosen until its list is on screen: the address
 * already names it (the router's location, read as the route reads it) while this page still
 * shows `shown`'s list, loading or rendering the new one. A tap on Load More then would add to the
 * list being replaced, and be lost as it went (e2e browse.spec.ts, on a busy machine), so the
 * button waits, saying so.
 */
function useNextSearchOnItsWay(shown: ListingSearch): boolean {
  const key = JSON.stringify(shown)
  return useRouterState({
    select: (state) =>
      // This page's next search, not a page being left for another.
      state.location.pathname === state.resolvedLocation?.pathname &&
      (state.status === 'pending' ||
        JSON.stringify(parseListingSearch(state.location.search as Record<string, unknown>)) !==
          key),
  })
}

function LoadMoreButton({ listing, search }: { listing: Listing; search: ListingSearch }) {
  const loading = useNextSearchOnItsWay(search) || listing.loadingMore
  return (
    <Button variant="secondary" onClick={listing.loadMore} disabled={loading}>
      {loading ? 'Loading…' : 'Load More'}
    </Button>
  )
}
