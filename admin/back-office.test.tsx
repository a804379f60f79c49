import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { hashPassword } from '../server/auth/password.ts'
import { TEST_SCRYPT } from '../testing/test-api.ts'
import { SHIPPING_ADDRESS } from '../testing/shopper.ts'
import { createAdminRouter } from './router.tsx'
import { backOfficeApi, TEST_ADMIN_TOKEN } from './test/setup.ts'

/**
 * The back office as an operator uses it (docs/api.md § Operator), against the real server's
 * handler: signing in, the orders found and filtered, an order shipped and cancelled, the stock
 * moved, and a session that ends.
 */

const EMAIL = 'ops@shop.example'
const PASSWORD = 'a-long-operator-password'

beforeEach(async () => {
  const api = await backOfficeApi()
  await api.storage.operators.put(EMAIL, await hashPassword(PASSWORD, TEST_SCRYPT), api.clock.now())
})

let keys = 0
/** A guest's order on the server, as the checkout places it. */
async function placeOrder({
  email = 'asha@example.com',
  firstName = 'Asha',
  lines = [{ productId: 1, quantity: 1 }],
}: {
  email?: string
  firstName?: string
  lines?: { productId: number; sku?: string; quantity: number }[]
} = {}) {
  const res = await (
    await backOfficeApi()
  ).call('/api/orders', {
    headers: { 'Idempotency-Key': `admin-test-${++keys}-${Date.now()}` },
    body: {
      lines,
      email,
      address: { ...SHIPPING_ADDRESS, firstName, email },
      payment: { method: 'card', cardLast4: '4242' },
    },
  })
  expect(res.status).toBe(201)
  // The next order is placed a second later: newest first is then one order.
  ;(await backOfficeApi()).clock.advance(1000)
  return (await res.json()) as { number: string }
}

const adminCall = async (path: string, init: { body?: unknown; method?: string } = {}) =>
  (await backOfficeApi()).call(`/api/admin/${path}`, { ...init, token: TEST_ADMIN_TOKEN })

function openBackOffice(path: string) {
  const router = createAdminRouter(createMemoryHistory({ initialEntries: [path] }))
  render(
    <QueryClientProvider client={router.options.context.queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

async function signIn(user = userEvent.setup(), password = PASSWORD) {
  await user.type(await screen.findByLabelText('Email'), EMAIL)
  await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
  return user
}

describe('signing in', () => {
  it('asks a signed-out operator to sign in, says why a sign-in fails, and then opens the page asked for', async () => {
    const router = openBackOffice('/admin/stock')
    expect(await screen.findByRole('heading', { name: 'Sign in to run the shop' })).toBeVisible()
    expect(document.title).toBe('Sign in | Meridian back office')

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Enter your email')).toBeVisible()
    expect(screen.getByText('Enter your password')).toBeVisible()

    await signIn(user, 'not the password')
    expect(await screen.findByRole('alert')).toHaveTextContent(/wrong|incorrect|invalid/i)

    await user.clear(screen.getByLabelText('Password'))
    await user.type(screen.getByLabelText('Password'), PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('heading', { name: 'Stock' })).toBeVisible()
    expect(router.state.location.pathname).toBe('/admin/stock')
    expect(screen.getByText(EMAIL)).toBeInTheDocument()
  })

  it('treats a corrupted kept session as none', async () => {
    localStorage.setItem('meridian-operator', '{not json')
    openBackOffice('/admin')
    expect(await screen.findByRole('heading', { name: 'Sign in to run the shop' })).toBeVisible()
    expect(localStorage.getItem('meridian-operator')).toBeNull()
  })

  it('signs out on the server too: the token kept is refused from then on', async () => {
    openBackOffice('/admin')
    const user = await signIn()
    await screen.findByRole('heading', { name: 'Orders' })
    const { token } = JSON.parse(localStorage.getItem('meridian-operator') ?? '{}') as {
      token: string
    }
    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByRole('heading', { name: 'Sign in to run the shop' })).toBeVisible()
    expect(localStorage.getItem('meridian-operator')).toBeNull()
    const after = await (await backOfficeApi()).call('/api/admin/orders', { token })
    expect(after.status).toBe(401)
  })

  it('sends an operator whose session ended elsewhere back to sign in, saying so', async () => {
    openBackOffice('/admin')
    const user = await signIn()
    await screen.findByRole('heading', { name: 'Orders' })
    // The operator is removed (`npm run operator -- remove`): their sessions end with them.
    await (await backOfficeApi()).storage.operators.remove(EMAIL)
    await user.click(screen.getByRole('link', { name: 'Stock' }))
    expect(await screen.findByText('Your session has ended: sign in again.')).toBeVisible()
    expect(screen.getByRole('heading', { name: 'Sign in to run the shop' })).toBeVisible()
  })
})

describe('orders', () => {
  it('are listed newest first, found by number, email or name, and filtered by status', async () => {
    const first = await placeOrder({ email: 'first@example.com', firstName: 'Meera' })
    const second = await placeOrder({ email: 'second@example.com', firstName: 'Ravi' })
    await adminCall(`orders/${first.number}/cancel`, { body: {} })

    openBackOffice('/admin')
    const user = await signIn()
    const list = await screen.findByRole('list', { name: 'Orders, newest first' })
    const numbers = () =>
      within(screen.getByRole('list', { name: 'Orders, newest first' }))
        .getAllByRole('link')
        .map((link) => link.textContent)
    expect(numbers()).toEqual([second.number, first.number])
    expect(within(list).getByText('Cancelled')).toBeVisible()
    expect(screen.getByText('2 orders')).toBeVisible()

    await user.type(screen.getByLabelText('Number, email or name'), 'Meera')
    await user.click(screen.getByRole('button', { name: 'Find' }))
    await waitFor(() => expect(numbers()).toEqual([first.number]))
    expect(screen.getByText('1 order found')).toBeVisible()

    await user.clear(screen.getByLabelText('Number, email or name'))
    await user.type(screen.getByLabelText('Number, email or name'), second.number.slice(0, 8))
    await user.click(screen.getByRole('button', { name: 'Find' }))
    await waitFor(() => expect(numbers()).toEqual([second.number]))

    await user.click(screen.getByRole('link', { name: 'Clear' }))
    await user.selectOptions(screen.getByLabelText('Status'), 'cancelled')
    await user.click(screen.getByRole('button', { name: 'Find' }))
    await waitFor(() => expect(numbers()).toEqual([first.number]))

    await user.selectOptions(screen.getByLabelText('Status'), 'delivered')
    await user.click(screen.getByRole('button', { name: 'Find' }))
    expect(
      await screen.findByText('No order matches: try a shorter number, or another status.'),
    ).toBeVisible()
  })

  it('are paged, twenty to a page', async () => {
    for (let i = 0; i < 21; i++) await placeOrder({ email: `shopper${i}@example.com` })
    openBackOffice('/admin')
    const user = await signIn()
    const list = await screen.findByRole('list', { name: 'Orders, newest first' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(20)
    expect(screen.getByText('Page 1 of 2')).toBeVisible()
    await user.click(screen.getByRole('link', { name: 'Next page' }))
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Orders, newest first' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    )
    expect(screen.getByText('shopper0@example.com', { exact: false })).toBeVisible()
  })
})

describe('an order’s page', () => {
  it('shows its lines, totals, address, payment, mails and history, and ships it with its tracking', async () => {
    const { number } = await placeOrder({
      lines: [
        { productId: 1, quantity: 2 },
        { productId: 10, sku: 'SMA-XIA-010-512GB', quantity: 1 },
      ],
    })
    openBackOffice(`/admin/orders/${number}`)
    const user = await signIn()
    const items = await screen.findByRole('region', { name: 'Items' })
    expect(screen.getByRole('heading', { name: `Order ${number}` })).toBeVisible()
    expect(within(items).getByText(/^iPhone 15 Pro Max/)).toBeVisible()
    expect(within(items).getByText(/Storage 512GB/)).toBeVisible()
    expect(within(items).getByText('SKU SMA-XIA-010-512GB')).toBeVisible()
    expect(within(items).getByText('Total')).toBeVisible()
    const shipTo = screen.getByRole('region', { name: 'Ship to' })
    expect(within(shipTo).getByText(SHIPPING_ADDRESS.address1, { exact: false })).toBeVisible()
    expect(within(shipTo).getByText('Card ending 4242')).toBeVisible()
    const mails = screen.getByRole('region', { name: 'Mails' })
    expect(within(mails).getByText('Order confirmation')).toBeVisible()
    const history = screen.getByRole('region', { name: 'History' })
    expect(within(history).getByText(/by shopper \(guest\)/)).toBeVisible()

    await user.type(screen.getByLabelText('Tracking link (optional)'), 'javascript:alert(1)')
    await user.click(screen.getByRole('button', { name: 'Mark shipped' }))
    expect(
      await screen.findByText('Tracking link: a web address, beginning https://'),
    ).toBeVisible()
    await user.clear(screen.getByLabelText('Tracking link (optional)'))
    await user.type(screen.getByLabelText('Carrier (optional)'), 'BlueDart')
    await user.type(screen.getByLabelText('Tracking number (optional)'), 'BD123456789IN')
    await user.type(
      screen.getByLabelText('Tracking link (optional)'),
      'https://track.example/BD123456789IN',
    )
    await user.click(screen.getByRole('button', { name: 'Mark shipped' }))
    expect(await screen.findByText(`Order ${number} is shipped.`)).toBeVisible()
    expect(within(history).getByText(`· by ${EMAIL}`, { exact: false })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Track the parcel' })).toHaveAttribute(
      'href',
      'https://track.example/BD123456789IN',
    )
    expect(within(mails).getByText('Shipped')).toBeVisible()

    const stored = (await (await adminCall(`orders/${number}`)).json()) as {
      status: string
      tracking: unknown
    }
    expect(stored).toMatchObject({
      status: 'shipped',
      tracking: {
        carrier: 'BlueDart',
        number: 'BD123456789IN',
        url: 'https://track.example/BD123456789IN',
      },
    })

    await user.click(screen.getByRole('button', { name: 'Mark delivered' }))
    expect(await screen.findByText(`Order ${number} is delivered.`)).toBeVisible()
    expect(screen.getByText('Nothing more to do: this order is delivered.')).toBeVisible()
  })

  it('cancels only once the operator confirms, and the units go back to stock', async () => {
    const stockOf = async () =>
      ((await (await (await backOfficeApi()).call('/api/products/1')).json()) as { stock: number })
        .stock
    const before = await stockOf()
    const { number } = await placeOrder({ lines: [{ productId: 1, quantity: 3 }] })
    expect(await stockOf()).toBe(before - 3)

    openBackOffice(`/admin/orders/${number}`)
    const user = await signIn()
    await user.type(await screen.findByLabelText('Reason (optional)'), 'Asked by phone')
    await user.click(screen.getByRole('button', { name: 'Cancel order…' }))
    const dialog = await screen.findByRole('dialog', { name: `Cancel order ${number}?` })
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(await stockOf()).toBe(before - 3)

    await user.click(screen.getByRole('button', { name: 'Cancel order…' }))
    await user.click(await screen.findByRole('button', { name: 'Cancel the order' }))
    expect(await screen.findByText(`Order ${number} is cancelled.`)).toBeVisible()
    expect(screen.getByText('Asked by phone')).toBeVisible()
    expect(await stockOf()).toBe(before)
  })

  it('says so when another operator changed the order first, and shows it as it now is', async () => {
    const { number } = await placeOrder()
    openBackOffice(`/admin/orders/${number}`)
    const user = await signIn()
    await screen.findByRole('button', { name: 'Mark shipped' })
    await adminCall(`orders/${number}/cancel`, { body: { reason: 'Duplicate' } })
    await user.click(screen.getByRole('button', { name: 'Mark shipped' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(`Order ${number} is cancelled`)
    expect(await screen.findByText('Nothing more to do: this order is cancelled.')).toBeVisible()
  })

  it('sends the confirmation again', async () => {
    const { number } = await placeOrder()
    openBackOffice(`/admin/orders/${number}`)
    const user = await signIn()
    await user.click(await screen.findByRole('button', { name: 'Send the confirmation again' }))
    expect(await screen.findByText('The mail is on its way again')).toBeVisible()
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Mails' })).getAllByText('Order confirmation'),
      ).toHaveLength(2),
    )
  })

  it('says an unknown number is not an order', async () => {
    openBackOffice('/admin/orders/MRD-NOTANORDER')
    await signIn()
    expect(await screen.findByRole('alert')).toHaveTextContent('No order MRD-NOTANORDER')
  })
})

describe('stock', () => {
  it('lists the levels lowest first, found by product or SKU, and moves one by a delivery or a count', async () => {
    openBackOffice('/admin/stock')
    const user = await signIn()
    const list = await screen.findByRole('list', { name: 'Stock levels, lowest first' })
    const levels = within(list)
      .getAllByText('in stock')
      .map((label) => Number(label.previousSibling?.previousSibling?.textContent))
    expect(levels).toEqual([...levels].sort((a, b) => a - b))

    await user.type(screen.getByLabelText('Product, SKU or id'), 'SMA-XIA-010-512')
    await user.click(screen.getByRole('button', { name: 'Find' }))
    const row = await screen.findByRole('listitem', {
      name: 'Redmi Note 13 Pro, Storage 512GB',
    })
    const level = Number(
      within(row).getByText('in stock').previousSibling?.previousSibling?.textContent,
    )

    // An order placed meanwhile: a delivery adds to the level as it then stands.
    await placeOrder({ lines: [{ productId: 10, sku: 'SMA-XIA-010-512GB', quantity: 2 }] })
    await user.type(within(row).getByLabelText('Delivery (+N)'), '5')
    await user.click(within(row).getByRole('button', { name: 'Add' }))
    expect(await within(row).findByText(`Added 5: ${level - 2} → ${level + 3}.`)).toBeVisible()

    await user.type(within(row).getByLabelText('Counted'), '-1')
    await user.click(within(row).getByRole('button', { name: 'Set' }))
    expect(within(row).getByText('At least 0')).toBeVisible()
    expect(within(row).getByLabelText('Counted')).toHaveAttribute('aria-invalid', 'true')

    await user.clear(within(row).getByLabelText('Counted'))
    await user.type(within(row).getByLabelText('Counted'), '7')
    await user.click(within(row).getByRole('button', { name: 'Set' }))
    expect(await within(row).findByText(`Set: ${level + 3} → 7.`)).toBeVisible()

    // A loss larger than the level is refused by the server, in its words.
    // (Cleared first: user-event keeps its own copy of what was typed before the form's reset.)
    await user.clear(within(row).getByLabelText('Delivery (+N)'))
    await user.type(within(row).getByLabelText('Delivery (+N)'), '-8')
    await user.click(within(row).getByRole('button', { name: 'Add' }))
    expect(await within(row).findByText('Only 7 in stock: nothing was taken.')).toBeVisible()
    const stored = (await (await backOfficeApi()).call('/api/products/10')).json() as Promise<{
      variants: { sku: string; stock: number }[]
    }>
    expect((await stored).variants.find((v) => v.sku === 'SMA-XIA-010-512GB')?.stock).toBe(7)
  })
})
