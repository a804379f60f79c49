import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import { SearchPage } from '../features/search/components/search-page.tsx'
import { loadSearch } from '../features/search/search-loader.ts'
import { parseSearchParams } from '../features/search/search.ts'
import { PAGE_NAMES } from '../lib/head/rules.ts'
import { pageHead } from '../lib/head/route-head.ts'

export const Route = createFileRoute('/search')({
  validateSearch: parseSearchParams,
  loaderDeps: ({ search }) => ({ q: search.q }),
  loader: ({ context, deps }) => loadSearch(context.queryClient, deps.q),
  head: ({ match }) => pageHead(match, { name: PAGE_NAMES.search, noindex: true }),
  component: function SearchRoute() {
    const { q = '' } = Route.useSearch()
    const navigate = Route.useNavigate()
    // Typing replaces the history entry, so Back leaves search instead of stepping through keystrokes.
    const onQueryChange = useCallback(
      (next: string) => void navigate({ search: next ? { q: next } : {}, replace: true }),
      [navigate],
    )
    return <SearchPage query={q} onQueryChange={onQueryChange} />
  },
})
