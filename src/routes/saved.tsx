import { createFileRoute } from '@tanstack/react-router'
import { SavedPage } from '../features/saved/components/saved-page.tsx'
import { PAGE_NAMES } from '../lib/page-heads.ts'
import { pageHead } from '../lib/route-head.ts'

export const Route = createFileRoute('/saved')({
  // The shopper's own: the server sends the page's frame, the browser fills it in (decisions §11).
  ssr: false,
  head: ({ match }) => pageHead(match, { name: PAGE_NAMES.saved, noindex: true }),
  component: SavedPage,
})
