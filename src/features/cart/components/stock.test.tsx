import { act, screen, waitFor, within } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../../test/render-app.tsx'
import {
  apiProduct,
  apiProducts,
  cartLineOf,
  changeStock,
  type ApiProduct,
} from '../../../test/shop-fixtures.ts'
import type { CartLine } from '../../../domain/cart/cart.schemas.ts'

/** The stock rules (rules.md § Stock) as the shopper meets them: product page, cart, saved items. */

const storedCart = () => JSON.parse(localStorage.getItem('cart') ?? '[]') as CartLine[]
const seedCart = (lines: CartLine[]) => localStorage.setItem('cart', JSON.stringify(lines))
const lineOf = (title: string) =>
  screen.getByRole('link', { name: title }).closest('li') as HTMLElement

async function productWith(test: (product: ApiProduct) => boolean): Promise<ApiProduct> {
  const found = (await apiProducts()).find(test)
  if (!found) throw new Error('the catalogue has no such product')
  return apiProduct(found.id)
}

const purchaseButtons = () => [
  screen.getByRole('button', { name: 'Add to Cart' }),
  screen.getByRole('button', { name: 'Express Checkout' }),
]

afterEach(() => {
  onlineManager.setOnline(true)
  vi.restoreAllMocks()
})

describe('the product page stops at the stock', () => {
  it('adds up to the stock, then says why it stops and adds no more', async () => {
    const product = await productWith((p) => p.stock === 2 && p.minimumOrderQuantity === 1)
    const { user } = await renderApp(`/product/${product.id}`)
    const add = await screen.findByRole('button', { name: 'Add to Cart' })
    await user.click(add)
    await user.click(add)
    for (const button of purchaseButtons()) {
      expect(button).toHaveAttribute('aria-disabled', 'true')
      expect(button).toHaveAccessibleDescription('Only 2 left: your cart has all of them')
    }
    // The pressed button keeps the focus (aria-disabled, not disabled).
    expect(add).toHaveFocus()
    await user.click(add)
    await user.click(screen.getByRole('button', { name: 'Express Checkout' }))
    expect(storedCart()).toEqual([expect.objectContaining({ id: product.id, quantity: 2 })])
  })

  it('adds the minimum order first, and says what it is', async () => {
    const product = await productWith(
      (p) => p.minimumOrderQuantity > 1 && p.stock >= p.minimumOrderQuantity + 1,
    )
    const { user } = await renderApp(`/product/${product.id}`)
    expect(
      await screen.findByText(`Minimum order: ${product.minimumOrderQuantity}`),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }))
    expect(storedCart()).toEqual([
      expect.objectContaining({ id: product.id, quantity: product.minimumOrderQuantity }),
    ])
  })

  it('stops when another tab takes the last ones', async () => {
    const product = await productWith((p) => p.stock === 2 && p.minimumOrderQuantity === 1)
    await renderApp(`/product/${product.id}`)
    const [add] = purchaseButtons()
    expect(add).toHaveAttribute('aria-disabled', 'false')

    // The other tab writes the shared cart; this tab hears it as a storage event.
    const cart = JSON.stringify([cartLineOf(product, 2)])
    localStorage.setItem('cart', cart)
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'cart', newValue: cart, storageArea: localStorage }),
      )
    })
    expect(add).toHaveAttribute('aria-disabled', 'true')
    expect(add).toHaveAccessibleDescription('Only 2 left: your cart has all of them')
  })
})

describe('the cart checks its lines against fresh data', () => {
  it('lowers a line over the stock and tells the shopper on the line', async () => {
    const product = await productWith((p) => p.stock === 2 && p.minimumOrderQuantity === 1)
    // Added days ago, when there were 5.
    seedCart([{ ...cartLineOf(product, 5), stock: 5 }])
    const { user } = await renderApp('/cart')
    const line = within(await screen.findByRole('list', { name: 'Items in your cart' }))
    expect(await line.findByText('Quantity lowered to 2: only 2 left')).toBeInTheDocument()
    expect(storedCart()).toEqual([expect.objectContaining({ quantity: 2, stock: 2 })])
    expect(screen.getByRole('heading', { level: 1, name: 'Your Cart (2)' })).toBeInTheDocument()

    // Edit Item stops at the stock too, and says why.
    await user.click(line.getByRole('button', { name: 'Edit Item' }))
    const more = screen.getByRole('button', { name: `Add one more ${product.title}` })
    expect(more).toHaveAttribute('aria-disabled', 'true')
    expect(more).toHaveAccessibleDescription('Only 2 left: your cart has all of them')
    await user.click(more)
    expect(storedCart()[0]?.quantity).toBe(2)
    // Once the shopper changes the line, the notice has been read.
    await user.click(screen.getByRole('button', { name: `Remove one ${product.title}` }))
    expect(line.queryByText('Quantity lowered to 2: only 2 left')).not.toBeInTheDocument()
  })

  it('marks an out-of-stock line and leaves it out of the total', async () => {
    const [sold, kept] = await Promise.all([apiProduct(1), apiProduct(2)])
    if (!sold || !kept) throw new Error('catalogue changed')
    changeStock({ [sold.id]: { stock: 0 } })
    seedCart([cartLineOf(sold, 1), cartLineOf(kept, 1)])
    await renderApp('/cart')
    const line = within(lineOf(sold.title))
    expect(
      await line.findByText('Out of Stock. Remove it or save it for later to place your order.'),
    ).toBeInTheDocument()
    expect(line.getByLabelText(/not in the total$/)).toBeInTheDocument()
    const summary = within(screen.getByRole('complementary', { name: 'Order Summary' }))
    const keptTotal = Math.round(kept.price * (100 - kept.discountPercentage)) / 100
    expect(summary.getAllByText(`$${keptTotal.toFixed(2)}`).length).toBeGreaterThan(0)
  })

  it('says when the stock could not be checked offline, and keeps the cart as it was', async () => {
    const product = await apiProduct(3)
    seedCart([cartLineOf(product, 1)])
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    onlineManager.setOnline(false)
    await renderApp('/cart')
    expect(
      await screen.findByText(
        'You are offline, so the stock could not be checked: quantities follow what this device last saw.',
      ),
    ).toBeInTheDocument()
    expect(storedCart()).toEqual([cartLineOf(product, 1)])
  })
})

describe('saved items go back to the cart within the stock', () => {
  it('keeps an item saved, and says why, when the cart already has all of it', async () => {
    const product = await productWith((p) => p.stock === 2 && p.minimumOrderQuantity === 1)
    seedCart([cartLineOf(product, 2)])
    localStorage.setItem(
      'savedItems',
      JSON.stringify([{ ...cartLineOf(product, 1), quantity: undefined }]),
    )
    const { user } = await renderApp('/saved')
    const move = await screen.findByRole('button', { name: `Move ${product.title} to cart` })
    expect(move).toHaveAttribute('aria-disabled', 'true')
    expect(move).toHaveAccessibleDescription('Only 2 left: your cart has all of them')
    await user.click(move)
    expect(storedCart()[0]?.quantity).toBe(2)
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('savedItems') ?? '[]')).toHaveLength(1),
    )
  })
})
