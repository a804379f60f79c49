import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import { SearchPage } from '../features/search/components/search-page.tsx'
import { parseSearchParams } from '../features/search/search.ts'

export const Route = createFileRoute('/search')({
  validateSearch: parseSearchParams,
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
