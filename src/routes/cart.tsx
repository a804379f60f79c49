import { createFileRoute } from '@tanstack/react-router'
import { useSetAtom } from 'jotai'
import { CartPage } from '../features/cart/components/cart-page.tsx'
import { saveForLaterAtom } from '../features/saved/index.ts'
import { PAGE_NAMES } from '../lib/page-heads.ts'
import { pageHead } from '../lib/route-head.ts'

export const Route = createFileRoute('/cart')({
  // The shopper's own: the server sends the page's frame, the browser fills it in (decisions §11).
  ssr: false,
  head: ({ match }) => pageHead(match, { name: PAGE_NAMES.cart, noindex: true }),
  component: function CartRoute() {
    return <CartPage onSaveForLater={useSetAtom(saveForLaterAtom)} />
  },
})
