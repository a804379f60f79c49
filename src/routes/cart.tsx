import { createFileRoute } from '@tanstack/react-router'
import { useSetAtom } from 'jotai'
import { CartPage } from '../features/cart/components/cart-page.tsx'
import { saveForLaterAtom } from '../features/saved/index.ts'

export const Route = createFileRoute('/cart')({
  component: function CartRoute() {
    return <CartPage onSaveForLater={useSetAtom(saveForLaterAtom)} />
  },
})
