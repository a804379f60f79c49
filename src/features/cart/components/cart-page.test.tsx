import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { roundCents } from '../../../../shared/pricing/pricing.ts'
import { testApi } from '../../../test/api-server.ts'
import { renderApp } from '../../../test/render-app.tsx'
import type { CartLine } from '../../../domain/cart/cart.schemas.ts'

interface ApiProduct extends Omit<CartLine, 'quantity'> {
  rating: number
}

async function products(...ids: number[]): Promise<ApiProduct[]> {
  return Promise.all(
    ids.map(
      async (id) => (await (await testApi().call(`/api/products/${id}`)).json()) as ApiProduct,
    ),
  )
}

/** Puts lines in the stored cart, as an earlier visit would have. */
function seedCart(lines: { product: ApiProduct; quantity: number }[]) {
  const cart = lines.map(
    ({
      product: { id, title, brand, category, price, discountPercentage, thumbnail },
      quantity,
    }) => ({
      id,
      title,
      brand,
      category,
      price,
      discountPercentage,
      thumbnail,
      quantity,
    }),
  )
  localStorage.setItem('cart', JSON.stringify(cart))
}

const storedCart = () => JSON.parse(localStorage.getItem('cart') ?? '[]') as CartLine[]
const lineOf = (title: string) =>
  screen.getByRole('link', { name: title }).closest('li') as HTMLElement
const money = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
const summary = () => screen.getByRole('complementary', { name: 'Order Summary' })

afterEach(() => vi.useRealTimers())

describe('cart (rules.md § Cart)', () => {
  it('shows the empty state without a summary', async () => {
    await renderApp('/cart')
    expect(screen.getByRole('heading', { level: 1, name: 'Your Cart (0)' })).toBeInTheDocument()
    expect(screen.getByText('Your Shopping cart is empty')).toBeInTheDocument()
    expect(screen.queryByRole('complementary', { name: 'Order Summary' })).not.toBeInTheDocument()
  })

  it('shows each line with its prices, quantity, Black Friday discount and category', async () => {
    const [phone, serum] = await products(1, 31)
    if (!phone || !serum) throw new Error('catalogue changed')
    seedCart([
      { product: phone, quantity: 2 },
      { product: serum, quantity: 1 },
    ])
    await renderApp('/cart')
    expect(screen.getByRole('heading', { level: 1, name: 'Your Cart (3)' })).toBeInTheDocument()
    const line = lineOf(phone.title)
    expect(within(line).getByRole('link', { name: phone.title })).toHaveAttribute(
      'href',
      `/product/${phone.id}`,
    )
    expect(within(line).getByText(phone.brand ?? '')).toBeInTheDocument()
    // The category by its name, as every other page names it, never its slug.
    expect(phone.category).toBe('smartphones')
    expect(within(line).getByText('Smartphones')).toBeInTheDocument()
    expect(within(line).queryByText('smartphones')).not.toBeInTheDocument()
    expect(
      within(line).getByText(`${phone.discountPercentage}% off for Black Friday`),
    ).toBeInTheDocument()
    expect(within(line).getByText(/Quantity: 2/)).toBeInTheDocument()
    const full = Math.round(2 * phone.price * 100) / 100
    const discounted = Math.round(2 * phone.price * (100 - phone.discountPercentage)) / 100
    expect(within(line).getByLabelText(`Line total ${money(discounted)}`)).toBeInTheDocument()
    expect(within(line).getByLabelText(`Before discount ${money(full)}`)).toBeInTheDocument()
    expect(
      within(line).getByRole('checkbox', { name: 'Pick Up at Meridian Permimeter Mall' }),
    ).toBeInTheDocument()
    expect(within(line).getByRole('checkbox', { name: 'Add a monogram' })).toBeInTheDocument()
    expect(within(line).getByRole('checkbox', { name: 'Gift options' })).toBeInTheDocument()
  })

  it('names a category of two words as the other pages do', async () => {
    const [vase] = await products(50)
    if (vase?.category !== 'home-decoration') throw new Error('catalogue changed')
    seedCart([{ product: vase, quantity: 1 }])
    await renderApp('/cart')
    expect(within(lineOf(vase.title)).getByText('Home Decoration')).toBeInTheDocument()
    expect(screen.queryByText('home-decoration')).not.toBeInTheDocument()
  })

  it("'Edit Item' changes the quantity, drops a line at 0, and closes itself after 3 s without use", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    const [phone, serum] = await products(1, 31)
    if (!phone || !serum) throw new Error('catalogue changed')
    seedCart([
      { product: phone, quantity: 1 },
      { product: serum, quantity: 1 },
    ])
    const { user } = await renderApp('/cart', { advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    const edit = within(lineOf(phone.title)).getByRole('button', { name: 'Edit Item' })
    await user.click(edit)
    expect(edit).toHaveAttribute('aria-expanded', 'true')
    await user.click(screen.getByRole('button', { name: `Add one more ${phone.title}` }))
    expect(storedCart().find((line) => line.id === phone.id)?.quantity).toBe(2)
    expect(screen.getByRole('heading', { level: 1, name: 'Your Cart (3)' })).toBeInTheDocument()

    // Each press restarts the 3 s timer.
    await act(() => vi.advanceTimersByTimeAsync(2500))
    await user.click(screen.getByRole('button', { name: `Remove one ${phone.title}` }))
    await act(() => vi.advanceTimersByTimeAsync(2500))
    expect(screen.getByRole('group', { name: `Quantity of ${phone.title}` })).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(600))
    expect(
      screen.queryByRole('group', { name: `Quantity of ${phone.title}` }),
    ).not.toBeInTheDocument()
    expect(edit).toHaveAttribute('aria-expanded', 'false')

    await user.click(edit)
    await user.click(screen.getByRole('button', { name: `Remove one ${phone.title}` }))
    expect(screen.queryByRole('link', { name: phone.title })).not.toBeInTheDocument()
    expect(storedCart().map((line) => line.id)).toEqual([serum.id])
  })

  it("'Save for Later' moves the line to My Saved Items, and 'Remove' deletes it", async () => {
    const [phone, serum] = await products(1, 31)
    if (!phone || !serum) throw new Error('catalogue changed')
    seedCart([
      { product: phone, quantity: 1 },
      { product: serum, quantity: 1 },
    ])
    const { user } = await renderApp('/cart')
    await user.click(within(lineOf(phone.title)).getByRole('button', { name: 'Save for Later' }))
    expect(storedCart().map((line) => line.id)).toEqual([serum.id])
    expect(JSON.parse(localStorage.getItem('savedItems') ?? '[]')).toMatchObject([
      { id: phone.id, title: phone.title },
    ])
    await user.click(within(lineOf(serum.title)).getByRole('button', { name: 'Remove' }))
    expect(screen.getByText('Your Shopping cart is empty')).toBeInTheDocument()
    expect(localStorage.getItem('savedItems')).toContain(phone.title)
  })

  it("moves the focus to the next line after 'Save for Later' and 'Remove', and says where the line went", async () => {
    const [phone, serum, vase] = await products(1, 31, 50)
    if (!phone || !serum || !vase) throw new Error('catalogue changed')
    seedCart([
      { product: phone, quantity: 1 },
      { product: serum, quantity: 1 },
      { product: vase, quantity: 1 },
    ])
    const { user } = await renderApp('/cart')
    const status = () => screen.getByText(/was (moved|removed)/)

    // The line in the middle leaves: the next one takes its place, and the focus.
    await user.click(within(lineOf(serum.title)).getByRole('button', { name: 'Save for Later' }))
    await waitFor(() => expect(screen.getByRole('link', { name: vase.title })).toHaveFocus())
    expect(status()).toHaveTextContent(`${serum.title} was moved to My Saved Items.`)
    expect(status()).toHaveAttribute('role', 'status')

    // The last line leaves: the focus goes to the one before it.
    await user.click(within(lineOf(vase.title)).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(screen.getByRole('link', { name: phone.title })).toHaveFocus())
    expect(status()).toHaveTextContent(`${vase.title} was removed from your cart.`)

    // The only line leaves: the focus goes to the empty cart's text, still told where it went.
    await user.click(within(lineOf(phone.title)).getByRole('button', { name: 'Save for Later' }))
    await waitFor(() => expect(screen.getByText('Your Shopping cart is empty')).toHaveFocus())
    expect(status()).toHaveTextContent(`${phone.title} was moved to My Saved Items.`)
    expect(document.activeElement).not.toBe(document.body)
  })

  it('totals per rules.md § Constants and formulas and applies FLAT50 in any case, or the default 5 off with the spec message', async () => {
    const [phone, serum] = await products(1, 31)
    if (!phone || !serum) throw new Error('catalogue changed')
    seedCart([
      { product: phone, quantity: 2 },
      { product: serum, quantity: 3 },
    ])
    const { user } = await renderApp('/cart')
    // Rounded half-up to cents once, over the sum (roundCents is unit-tested in lib/price.test.ts).
    const items = roundCents(
      (2 * phone.price * (100 - phone.discountPercentage) +
        3 * serum.price * (100 - serum.discountPercentage)) /
        100,
    )
    const total = () => within(summary()).getByText('Total').nextElementSibling?.textContent
    expect(total()).toBe(money(items))
    expect(within(summary()).getByText('Free')).toBeInTheDocument()
    expect(
      within(summary()).getByText(
        `or 4 interest-free payments of ${money(roundCents(items / 4))} with Afterpay`,
      ),
    ).toBeInTheDocument()

    const promo = within(summary()).getByRole('textbox', { name: 'Promo Code' })
    await user.type(promo, 'flat50')
    await user.click(within(summary()).getByRole('button', { name: 'Apply' }))
    expect(total()).toBe(money(roundCents(items - 50)))
    expect(within(summary()).getByText('FLAT50 applied: $50.00 off')).toBeInTheDocument()

    // Leaving the field applies it too.
    await user.clear(promo)
    await user.type(promo, 'WINTER')
    await user.tab()
    expect(
      within(summary()).getByText('Sorry Promo code is Invaild applying default 5$ off'),
    ).toBeInTheDocument()
    expect(total()).toBe(money(roundCents(items - 5)))
    expect(JSON.parse(localStorage.getItem('promo') ?? 'null')).toEqual({
      code: 'WINTER',
      discount: 5,
      valid: false,
    })

    // A code pasted with a control character is no code: the field says why, and takes nothing off.
    await user.clear(promo)
    await user.click(promo)
    await user.paste('FLAT50\u0007')
    await user.tab()
    expect(
      within(summary()).getByText('Line breaks and control characters are not allowed'),
    ).toBeInTheDocument()
    expect(promo).toHaveAttribute('aria-invalid', 'true')
    expect(total()).toBe(money(items))
    expect(localStorage.getItem('promo')).toBe('null')
  })

  it('disables the checkout buttons when the total is 0 or less, and links them to checkout otherwise', async () => {
    const all = (await (await testApi().call('/api/products?limit=0')).json()) as {
      products: ApiProduct[]
    }
    const free = all.products.find((product) => product.discountPercentage === 100)
    const [phone] = await products(1)
    if (!free || !phone) throw new Error('catalogue changed')
    seedCart([{ product: free, quantity: 1 }])
    const { user } = await renderApp('/cart')
    for (const name of ['Checkout Now', 'PayPal Checkout', 'Apple Pay']) {
      expect(within(summary()).getByRole('button', { name })).toBeDisabled()
    }
    await user.click(screen.getByRole('link', { name: free.title }))
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument(),
    )

    seedCart([{ product: phone, quantity: 1 }])
    await renderApp('/cart')
    for (const name of ['Checkout Now', 'PayPal Checkout', 'Apple Pay']) {
      expect(
        within(
          screen.getAllByRole('complementary', { name: 'Order Summary' }).at(-1) as HTMLElement,
        ).getByRole('link', { name }),
      ).toHaveAttribute('href', '/checkout')
    }
  })

  it('invites guests to become members, and not signed-in shoppers', async () => {
    const [phone] = await products(1)
    if (!phone) throw new Error('catalogue changed')
    seedCart([{ product: phone, quantity: 1 }])
    await renderApp('/cart')
    expect(
      within(summary()).getByText('Become a Meridian Member for faster checkout'),
    ).toBeInTheDocument()
    expect(within(summary()).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/userauth',
    )
    expect(within(summary()).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/userauth',
    )
  })
})

describe('saved items (/saved)', () => {
  it('lists bookmarks, moves one back to the cart and removes another', async () => {
    const [phone, serum] = await products(1, 31)
    if (!phone || !serum) throw new Error('catalogue changed')
    localStorage.setItem(
      'savedItems',
      JSON.stringify(
        [phone, serum].map(
          ({ id, title, brand, category, price, discountPercentage, rating, thumbnail }) => ({
            id,
            title,
            brand,
            category,
            price,
            discountPercentage,
            rating,
            thumbnail,
          }),
        ),
      ),
    )
    const { user } = await renderApp('/saved')
    expect(
      screen.getByRole('heading', { level: 1, name: 'My Saved Items (2)' }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: `Move ${phone.title} to cart` }))
    expect(storedCart()).toMatchObject([{ id: phone.id, quantity: 1 }])
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: `Remove ${serum.title} from saved items` }))
    expect(
      screen.getByRole('heading', { level: 1, name: 'My Saved Items (0)' }),
    ).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('savedItems') ?? '[]')).toEqual([])
  })
})
