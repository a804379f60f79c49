import { createFileRoute } from '@tanstack/react-router'
import { useSetAtom } from 'jotai'
import { CartPage } from '../features/cart/components/cart-page.tsx'
import { saveForLaterAtom } from '../domain/saved/saved.actions.ts'
import { PAGE_NAMES } from '../lib/head/rules.ts'
import { personalHead } from '../lib/head/route-head.ts'

export const Route = createFileRoute('/cart')({
  // The shopper's own (lib/head/route-head.ts): its heading from the server, the rest from the app
  // (components/personal-page.tsx).
  head: personalHead(PAGE_NAMES.cart),
  component: function CartRoute() {
    return <CartPage onSaveForLater={useSetAtom(saveForLaterAtom)} />
  },
})
