import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import { Button } from '../../../components/button.tsx'
import { ErrorState } from '../../../components/error-state.tsx'
import { toApiError } from '../../../lib/api-error.ts'
import { listingMessages } from '../../../lib/page-messages.ts'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import { searchQuery } from '../../../domain/catalogue/catalogue.queries.ts'
import { ProductGrid, ProductGridSkeleton } from '../../../components/product-grid.tsx'
import { matchedTermsOf, savedProducts, searchAmong } from '../matches.ts'
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH, searchTerm } from '../search.ts'
import { MarkedText } from './marked-text.tsx'
import { SearchField } from './search-field.tsx'
import styles from './search-page.module.css'

interface SearchPageProps {
  /** `?q=` of the URL. */
  query: string
  onQueryChange: (query: string) => void
}

/** /search (rules.md § Search, § Validation rules): the box is bound to ?q= once typing pauses for 300 ms. */
export function SearchPage({ query, onQueryChange }: SearchPageProps) {
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState(query)
  // The ?q= the box last followed, and the last one the box itself asked for.
  const [synced, setSynced] = useState(query)
  const [asked, setAsked] = useState<string>()
  if (query !== synced) {
    setSynced(query)
    // Back/Forward change ?q= from outside: the box follows. Its own ?q= arrives later than the
    // typing (the router's update is a transition, and a busy phone is slow): the box already
    // holds it, and perhaps letters typed since, which following it would throw away.
    if (query !== asked) setText(query)
  }
  // Once typing pauses, ?q= follows the box.
  useEffect(() => {
    const next = text.trim()
    if (next === query.trim()) return
    const timer = setTimeout(() => {
      setAsked(next)
      onQueryChange(next)
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, query, onQueryChange])

  useEffect(() => {
    const box = input.current
    if (!box) return
    // Letters typed before the app took the page over are in the box but not in its state: the
    // search follows them (on a slow phone the box is there well before the app).
    setText(box.value)
    // Arriving from the header's search icon, the shopper can type at once.
    box.focus()
  }, [])

  const term = searchTerm(query)
  const results = useSearchResults(term)

  return (
    <div className={`container ${styles.page}`}>
      <h1>Search</h1>
      {/* A GET form to this page: Enter searches before the app runs and without it. */}
      <form
        className={styles.field}
        role="search"
        action="/search"
        onSubmit={(event) => {
          // With the app, Enter searches at once rather than after the pause.
          event.preventDefault()
          setAsked(text.trim())
          onQueryChange(text.trim())
        }}
      >
        <SearchField
          ref={input}
          type="search"
          name="q"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {/* Enter searches too; the button is for a pointer, and says the form can be sent. */}
        <Button type="submit" className={styles.submit}>
          Search
        </Button>
      </form>
      <SearchResults term={term} results={results} />
    </div>
  )
}

function SearchResults({
  term,
  results,
}: {
  term: string
  results: ReturnType<typeof useSearchResults>
}) {
  // An answer arrives as an urgent update (the query's store), and 30 cards rendered in one go are
  // one long task on a slow phone. Rendered from a deferred copy, they render in slices React can
  // interrupt, while the skeleton or the previous results stay (docs/performance.md).
  const data = useDeferredValue(results.data)
  const products = useMemo(() => data?.pages.flatMap((page) => page.products) ?? [], [data])
  const stale = results.isPlaceholderData || data !== results.data
  // The words each result matched, by the API's own rules (shared/search); none marked while the
  // results on screen are still the previous query's.
  const queryClient = useQueryClient()
  const terms = useMemo(
    () => (stale ? undefined : matchedTermsOf(queryClient, products, term)),
    [stale, queryClient, products, term],
  )
  const online = useOnlineStatus()
  if (!term) return <p className={styles.message}>{listingMessages.searchEmpty}</p>
  if (term.length < SEARCH_MIN_LENGTH) {
    return <p className={styles.message}>Type at least {SEARCH_MIN_LENGTH} characters to search.</p>
  }
  // No answer for this query, and none coming: offline, the query waits for the network; with the
  // API out of reach, it fails (already on its first try, before its retries end).
  const unanswered = !results.data || results.isPlaceholderData
  const failure = results.error ?? results.failureReason
  if (
    unanswered &&
    (!online ||
      results.fetchStatus === 'paused' ||
      (failure && toApiError(failure).failure.kind === 'network'))
  )
    return <DeviceResults term={term} offline={!online} />
  if (results.error && !results.data)
    return <ErrorState error={results.error} onRetry={() => void results.refetch()} />
  if (!data) return <ProductGridSkeleton />
  const total = data.pages[0]?.total ?? 0
  if (products.length === 0)
    return <p className={styles.message}>{listingMessages.searchNoResults}</p>
  return (
    <div className={stale ? styles.stale : undefined} aria-busy={stale}>
      {/* Between the page's h1 and the cards' h3, for the outline screen readers walk. */}
      <h2 className="visually-hidden">Search results</h2>
      <ProductGrid
        products={products}
        label="Search results"
        renderTitle={(product) => (
          <MarkedText text={product.title} terms={terms?.get(product.id)} />
        )}
      />
      <p className={styles.status} role="status">
        {listingMessages.viewing(products.length, total)}
      </p>
      {results.hasNextPage && (
        <div className={styles.more}>
          <Button
            variant="secondary"
            onClick={() => void results.fetchNextPage()}
            disabled={results.isFetchingNextPage}
          >
            {results.isFetchingNextPage ? 'Loading…' : 'Load More'}
          </Button>
        </div>
      )}
    </div>
  )
}

/**
 * Search without the API (rules.md § Search): the products this device has cached (lists, categories,
 * results and products opened, kept across visits), searched by the same rules as the API's,
 * and said plainly to be that.
 */
function DeviceResults({ term, offline }: { term: string; offline: boolean }) {
  const queryClient = useQueryClient()
  // Searched once per term (the products and the terms each matched), not at every render.
  const { found, terms } = useMemo(() => {
    const matches = searchAmong(savedProducts(queryClient), term)
    return {
      found: matches.map(({ product }) => product),
      terms: new Map(matches.map(({ product, terms }) => [product.id, terms])),
    }
  }, [queryClient, term])
  return (
    <div>
      <p className={styles.notice} role="status">
        {onDeviceMessage(offline, found.length)}
      </p>
      {found.length > 0 && (
        <>
          <h2 className="visually-hidden">Search results</h2>
          <ProductGrid
            products={found}
            label="Search results"
            renderTitle={(product) => (
              <MarkedText text={product.title} terms={terms.get(product.id)} />
            )}
          />
        </>
      )}
    </div>
  )
}

/**
 * Results for a term of at least 3 characters; no request below that (rules.md § Validation rules). The one page
 * without a loader and suspense: its query follows the typing, and the previous results stay on
 * screen while the next ones load, where suspense would swap them for a fallback at each letter.
 */
function useSearchResults(term: string) {
  return useInfiniteQuery({
    ...searchQuery(term),
    enabled: term.length >= SEARCH_MIN_LENGTH,
    // The previous results stay on screen while the next query loads (decisions.md § Data fetching and caching).
    placeholderData: keepPreviousData,
  })
}

/** What results from the products saved on this device are, said plainly (rules.md § Search). */
function onDeviceMessage(offline: boolean, found: number): string {
  const why = offline ? 'You are offline' : 'The shop could not be reached'
  if (found === 0) return `${why}: no product saved on this device matches.`
  const results = found === 1 ? 'this is the 1 result' : `these are ${found} results`
  return `${why}: ${results} from products saved on this device.`
}
