import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { cartTotal, formatPrice } from '../../../../shared/pricing/pricing.ts'
import { setViewportWidth } from '../../../test/match-media.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { type Order } from '../../../domain/orders/order.schemas.ts'
import { changeStock } from '../../../test/shop-fixtures.ts'
import { replaceAddressAtom } from '../../../domain/address/address.atoms.ts'
import {
  freezeToday,
  seedCart,
  ADDRESS,
  saveAddress,
  shippingStep,
  paymentStep,
  reviewStep,
  shippingForm,
  addressBlock,
  expectAddressShown,
  amountRow,
  fillAddress,
  payByCard,
  enter,
  expectFieldError,
  expectFieldValid,
  storedJson,
} from '../../../test/checkout.ts'

freezeToday()

describe('checkout steps (rules.md § Checkout)', () => {
  it('shows the empty-cart message with a link to the products, and no steps, for an empty cart', async () => {
    await renderApp('/checkout')
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument()
    expect(screen.getByText('Your Shopping cart is empty')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Shop All Products' })).toHaveAttribute(
      'href',
      '/products',
    )
    for (const name of ['Shipping Address', 'Payment Options', 'Order Review'])
      expect(screen.queryByRole('region', { name })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Checkout | Meridian'))
  })

  it('starts a first-time shopper at the address form, with payment and review disabled', async () => {
    await seedCart([1, 1])
    await renderApp('/checkout')

    const shipping = shippingStep()
    expect(within(shipping).getByRole('heading', { level: 2 })).toHaveTextContent(
      '1Shipping Address',
    )
    const form = within(shippingForm())
    for (const label of [
      'First Name',
      'Last Name',
      'Address Line 1',
      'Address Line 2 (optional)',
      'City',
      'Pincode',
      'Mobile',
      'Email',
    ])
      expect(form.getByLabelText(label)).toHaveValue('')
    expect(form.getByLabelText('State')).toHaveValue('')
    expect(form.getByRole('button', { name: 'Save and Continue' })).toBeInTheDocument()
    expect(within(shipping).queryByRole('button', { name: 'Change Address' })).toBeNull()

    const payment = paymentStep()
    expect(payment).toHaveTextContent('Add your shipping address first.')
    expect(within(payment).queryAllByRole('radio')).toHaveLength(0)
    expect(within(payment).queryAllByRole('textbox')).toHaveLength(0)
    expect(within(payment).queryAllByRole('button')).toHaveLength(0)

    const review = reviewStep()
    expect(review).toHaveTextContent('Add your shipping address and payment first.')
    expect(within(review).queryAllByRole('button')).toHaveLength(0)
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument()
  })
})

describe('shipping address (rules.md § Checkout, § Validation rules)', () => {
  it('shows each message of the spec only once its field has been touched, wired to the field', async () => {
    await seedCart([1, 1])
    const { user } = await renderApp('/checkout')
    const form = within(shippingForm())
    const field = (label: string) => form.getByLabelText(label)

    // Nothing is flagged before the shopper has been in a field.
    expect(form.queryByText('Please fill out this field.')).not.toBeInTheDocument()
    expect(
      form.queryAllByRole('textbox').filter((box) => box.hasAttribute('aria-invalid')),
    ).toHaveLength(0)

    await enter(user, field('First Name'))
    await expectFieldError(field('First Name'), 'Please fill out this field.')
    expect(field('First Name')).toHaveAccessibleDescription('Please fill out this field.')
    // Only the touched field complains.
    expect(form.getAllByText('Please fill out this field.')).toHaveLength(1)
    await expectFieldValid(field('Last Name'))

    const cases: [label: string, text: string, message: string][] = [
      ['Last Name', '', 'Please fill out this field.'],
      ['Address Line 1', '', 'Please fill out this field.'],
      ['City', '   ', 'Please fill out this field.'],
      ['Email', '', 'Please fill out this field.'],
      ['Email', 'asha@', 'Not a proper email'],
      ['Email', 'asha.example.com', 'Not a proper email'],
      ['Pincode', '012345', 'Pincode is not valid'],
      ['Pincode', '56001', 'Pincode is not valid'],
      ['Mobile', '12345', 'Phone number is not valid'],
      ['Mobile', '5876543210', 'Phone number is not valid'],
      // Ours: a control character pasted in (shared/text/plain-text.ts), which the server refuses.
      ['City', 'Pune\u0007', 'Line breaks and control characters are not allowed'],
    ]
    for (const [label, text, message] of cases) {
      await enter(user, field(label), text)
      await expectFieldError(field(label), message)
      expect(field(label)).toHaveAccessibleDescription(message)
    }

    // The state is a list: leaving it on the placeholder is 'not an item in the list'.
    await user.click(field('State'))
    await user.tab()
    await expectFieldError(field('State'), 'Please select an item in the list')

    // The optional line never complains; fixing a field clears its message as the shopper types.
    await enter(user, field('Address Line 2 (optional)'))
    await expectFieldValid(field('Address Line 2 (optional)'))
    await user.type(field('First Name'), 'Asha')
    await expectFieldValid(field('First Name'))
    expect(field('First Name')).not.toHaveAccessibleDescription()
    await user.selectOptions(field('State'), 'Kerala')
    await expectFieldValid(field('State'))
    await enter(user, field('Mobile'), '+91 9876543210')
    await expectFieldValid(field('Mobile'))
    expect(localStorage.getItem('address')).toBeNull()
  })

  it('shows every message on an empty submit and saves nothing', async () => {
    await seedCart([1, 1])
    const { user } = await renderApp('/checkout')
    const form = within(shippingForm())
    await user.click(form.getByRole('button', { name: 'Save and Continue' }))

    for (const label of ['First Name', 'Last Name', 'Address Line 1', 'City', 'Email'])
      await expectFieldError(form.getByLabelText(label), 'Please fill out this field.')
    expect(form.getAllByText('Please fill out this field.')).toHaveLength(5)
    await expectFieldError(form.getByLabelText('State'), 'Please select an item in the list')
    await expectFieldError(form.getByLabelText('Pincode'), 'Pincode is not valid')
    await expectFieldError(form.getByLabelText('Mobile'), 'Phone number is not valid')
    await expectFieldValid(form.getByLabelText('Address Line 2 (optional)'))
    expect(form.getByLabelText('First Name')).toHaveFocus()

    expect(localStorage.getItem('address')).toBeNull()
    expect(shippingForm()).toBeInTheDocument()
    expect(paymentStep()).toHaveTextContent('Add your shipping address first.')
  })

  it('saves a valid address, shows it with the shipping method, enables payment, and can change it', async () => {
    await seedCart([1, 1])
    const { user } = await renderApp('/checkout')
    await fillAddress(user, shippingForm(), ADDRESS)
    await user.click(within(shippingForm()).getByRole('button', { name: 'Save and Continue' }))

    expect(storedJson('address')).toEqual(ADDRESS)
    const shipping = shippingStep()
    expect(screen.queryByRole('form', { name: 'Shipping address' })).not.toBeInTheDocument()
    expectAddressShown(shipping, ADDRESS)
    expect(within(shipping).getByRole('button', { name: 'Change Address' })).toBeInTheDocument()
    const ground = within(shipping).getByRole('radio', {
      name: 'Standard Ground 7-10 business days $0.00',
    })
    expect(ground).toBeChecked()
    expect(within(shipping).getByRole('link', { name: 'Choose faster shipping' })).toHaveAttribute(
      'href',
      '/cart',
    )

    const payment = paymentStep()
    expect(payment).not.toHaveTextContent('Add your shipping address first.')
    expect(within(payment).getByRole('radio', { name: 'Credit or Debit Card' })).toBeChecked()
    expect(reviewStep()).toHaveTextContent('Add your shipping address and payment first.')

    await user.click(within(shipping).getByRole('button', { name: 'Change Address' }))
    const form = within(shippingForm())
    expect(form.getByLabelText('First Name')).toHaveValue(ADDRESS.firstName)
    expect(form.getByLabelText('Last Name')).toHaveValue(ADDRESS.lastName)
    expect(form.getByLabelText('Address Line 1')).toHaveValue(ADDRESS.address1)
    expect(form.getByLabelText('Address Line 2 (optional)')).toHaveValue(ADDRESS.address2)
    expect(form.getByLabelText('City')).toHaveValue(ADDRESS.city)
    expect(form.getByLabelText('State')).toHaveValue(ADDRESS.state)
    expect(form.getByLabelText('Pincode')).toHaveValue(ADDRESS.code)
    expect(form.getByLabelText('Mobile')).toHaveValue(ADDRESS.mobile)
    expect(form.getByLabelText('Email')).toHaveValue(ADDRESS.email)
    // While the address is being edited, payment waits for it again.
    expect(paymentStep()).toHaveTextContent('Add your shipping address first.')

    await user.clear(form.getByLabelText('City'))
    await user.type(form.getByLabelText('City'), 'Mysuru')
    await user.click(form.getByRole('button', { name: 'Save and Continue' }))
    expect(storedJson('address')).toEqual({ ...ADDRESS, city: 'Mysuru' })
    expect(addressBlock(shippingStep())).toHaveTextContent('Mysuru, Karnataka 560001')
  })

  it('stores the trimmed address', async () => {
    await seedCart([1, 1])
    const { user } = await renderApp('/checkout')
    await fillAddress(user, shippingForm(), {
      ...ADDRESS,
      firstName: '  Asha ',
      city: 'Bengaluru  ',
      email: ' asha.rao@example.com',
    })
    await user.click(within(shippingForm()).getByRole('button', { name: 'Save and Continue' }))
    expect(storedJson('address')).toEqual(ADDRESS)
  })

  it('keeps a half-typed address through a reload of the tab, until it is saved', async () => {
    await seedCart([1, 1])
    const first = await renderApp('/checkout')
    const form = within(shippingForm())
    await first.user.type(form.getByLabelText('First Name'), 'Asha')
    await first.user.type(form.getByLabelText('City'), 'Bengaluru')
    first.unmount()

    // A reload: the same tab's storage, a new app.
    const second = await renderApp('/checkout')
    expect(within(shippingForm()).getByLabelText('First Name')).toHaveValue('Asha')
    expect(within(shippingForm()).getByLabelText('City')).toHaveValue('Bengaluru')
    await second.user.clear(within(shippingForm()).getByLabelText('First Name'))
    await second.user.clear(within(shippingForm()).getByLabelText('City'))
    await fillAddress(second.user, shippingForm(), ADDRESS)
    await second.user.click(
      within(shippingForm()).getByRole('button', { name: 'Save and Continue' }),
    )
    expect(storedJson('address')).toEqual(ADDRESS)
    expect(sessionStorage.getItem('checkoutAddressDraft')).toBeNull()
  })

  it('drops an unreadable draft and starts empty', async () => {
    sessionStorage.setItem('checkoutAddressDraft', '{"firstName": 7')
    await seedCart([1, 1])
    await renderApp('/checkout')
    expect(within(shippingForm()).getByLabelText('First Name')).toHaveValue('')
    expect(sessionStorage.getItem('checkoutAddressDraft')).toBeNull()
  })

  it('starts as the saved address summary when an address is saved', async () => {
    await seedCart([1, 1])
    saveAddress()
    await renderApp('/checkout')
    const shipping = shippingStep()
    expect(screen.queryByRole('form', { name: 'Shipping address' })).not.toBeInTheDocument()
    expectAddressShown(shipping, ADDRESS)
    expect(within(shipping).getByRole('button', { name: 'Change Address' })).toBeInTheDocument()
    expect(within(paymentStep()).getByRole('form', { name: 'Card details' })).toBeInTheDocument()
  })
})

describe('checkout summary (rules.md § Responsive layout)', () => {
  it('shows the Order Summary panel beside the steps on a wide screen', async () => {
    const lines = await seedCart([1, 2], [6, 1])
    await renderApp('/checkout')
    const summary = screen.getByRole('complementary', { name: 'Order Summary' })
    for (const line of lines)
      expect(within(summary).getByText(`${line.title} × ${line.quantity}`)).toBeInTheDocument()
    expect(amountRow(summary, 'Total')).toHaveTextContent(formatPrice(cartTotal(lines)))
    expect(screen.queryByRole('button', { name: /^Cart \(/ })).not.toBeInTheDocument()
  })

  it('shows a collapsible Cart (n) with the total on a small screen', async () => {
    const lines = await seedCart([1, 2], [6, 1])
    setViewportWidth(390)
    const { user } = await renderApp('/checkout')
    expect(screen.queryByRole('complementary', { name: 'Order Summary' })).not.toBeInTheDocument()

    const total = formatPrice(cartTotal(lines))
    const toggle = screen.getByRole('button', { name: /^Cart \(3\)/ })
    expect(toggle).toHaveTextContent(`Cart (3) ${total}`)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    const region = within(screen.getByRole('region', { name: 'Cart summary' }))
    const title = `${lines[0]?.title} × 2`
    expect(region.getByText(title)).not.toBeVisible()

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(region.getByText(title)).toBeVisible()
    expect(region.getByText(`${lines[1]?.title} × 1`)).toBeVisible()
    expect(
      amountRow(region.getByText(title).closest('div') as HTMLElement, 'Total'),
    ).toHaveTextContent(total)

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(region.getByText(title)).not.toBeVisible()
  })

  it('switches between the panel and Cart (n) as the window is resized', async () => {
    await seedCart([1, 1])
    await renderApp('/checkout')
    expect(screen.getByRole('complementary', { name: 'Order Summary' })).toBeInTheDocument()
    act(() => setViewportWidth(390))
    expect(screen.getByRole('button', { name: /^Cart \(1\)/ })).toBeInTheDocument()
    expect(screen.queryByRole('complementary', { name: 'Order Summary' })).not.toBeInTheDocument()
    act(() => setViewportWidth(1280))
    expect(screen.getByRole('complementary', { name: 'Order Summary' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Cart \(/ })).not.toBeInTheDocument()
  })
})

describe('the stock, checked at checkout (rules.md § Stock)', () => {
  it('names an out-of-stock line and keeps Place Order from placing until it is gone', async () => {
    const [sold] = await seedCart([1, 1], [2, 1])
    changeStock({ 1: { stock: 0 } })
    saveAddress()
    const { user, router } = await renderApp('/checkout')
    expect(
      await screen.findByText(
        `${sold?.title}: Out of Stock. Remove it or save it for later to place your order.`,
      ),
    ).toBeInTheDocument()
    await payByCard(user)
    const place = within(reviewStep()).getByRole('button', { name: 'Place Order' })
    expect(place).toHaveAttribute('aria-disabled', 'true')
    expect(place).toHaveAccessibleDescription(
      'Remove the items that cannot be bought, or save them for later, to place your order.',
    )
    await user.click(place)
    expect(router.state.location.pathname).toBe('/checkout')
    expect(localStorage.getItem('orderDetails')).toBeNull()
  })

  it('asks the stock once more on Place Order, and stops to show a correction', async () => {
    await seedCart([3, 2])
    saveAddress()
    const { user, router } = await renderApp('/checkout')
    await payByCard(user)
    // Someone else bought all but one while this shopper was paying.
    changeStock({ 3: { stock: 1 } })
    const place = within(reviewStep()).getByRole('button', { name: 'Place Order' })
    await user.click(place)
    expect(
      await screen.findByText(
        'The stock changed while you were checking out: your cart was corrected. Review it and place your order again.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText(/: Quantity lowered to 1: only 1 left$/)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/checkout')
    expect(storedJson('cart')).toEqual([expect.objectContaining({ id: 3, quantity: 1, stock: 1 })])

    await user.click(place)
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmation'))
    expect((storedJson('orderDetails') as Order).cartData).toEqual([
      expect.objectContaining({ id: 3, quantity: 1 }),
    ])
  })
})

describe('an address that arrives while the checkout is open (rules.md § Accounts on every device)', () => {
  it('shows as a saved one would: its summary, and the payment step', async () => {
    await seedCart([1, 1])
    const { store } = await renderApp('/checkout')
    expect(shippingForm()).toBeInTheDocument()
    act(() => store.set(replaceAddressAtom, ADDRESS))
    expectAddressShown(await waitFor(() => shippingStep()), ADDRESS)
    expect(within(shippingStep()).getByRole('button', { name: 'Change Address' })).toBeVisible()
    expect(within(paymentStep()).getByRole('group', { name: 'Payment method' })).toBeVisible()
  })

  it('leaves an address being typed alone', async () => {
    await seedCart([1, 1])
    const { store, user } = await renderApp('/checkout')
    await user.type(within(shippingForm()).getByLabelText('First Name'), 'Kofi')
    act(() => store.set(replaceAddressAtom, ADDRESS))
    expect(within(shippingForm()).getByLabelText('First Name')).toHaveValue('Kofi')
  })
})

describe('the focus after each step (rules.md § Purchase flow)', () => {
  const heading = (name: string) => screen.getByRole('heading', { level: 2, name })

  it("goes to the next step's heading after 'Save and Continue' and 'Save Card', never to the body", async () => {
    await seedCart([1, 1])
    const { user } = await renderApp('/checkout')
    await fillAddress(user, shippingForm(), ADDRESS)
    await user.click(within(shippingForm()).getByRole('button', { name: 'Save and Continue' }))
    await waitFor(() => expect(heading('Payment Options')).toHaveFocus())

    await payByCard(user)
    await waitFor(() => expect(heading('Order Review')).toHaveFocus())

    // Filled again from 'Change Address', the address hands the focus on as it did the first time.
    await user.click(within(shippingStep()).getByRole('button', { name: 'Change Address' }))
    await user.click(within(shippingForm()).getByRole('button', { name: 'Save and Continue' }))
    await waitFor(() => expect(heading('Payment Options')).toHaveFocus())
  })

  it("goes to the review's heading after 'Continue with Pay Pal'", async () => {
    await seedCart([1, 1])
    saveAddress()
    const { user } = await renderApp('/checkout')
    const payment = within(paymentStep())
    await user.click(payment.getByRole('radio', { name: 'Pay Pal' }))
    await user.click(payment.getByRole('button', { name: 'Continue with Pay Pal' }))
    await waitFor(() => expect(heading('Order Review')).toHaveFocus())
  })

  it('leaves the focus where it is when a step opens without the shopper leaving a form', async () => {
    await seedCart([1, 1])
    const { store, user } = await renderApp('/checkout')
    await user.click(within(shippingForm()).getByLabelText('First Name'))
    // The shopper has moved on to the header's cart link.
    const cart = screen.getByRole('link', { name: /^Cart/ })
    cart.focus()
    // The account's address, saved on another device, opens the payment step here.
    act(() => store.set(replaceAddressAtom, ADDRESS))
    await waitFor(() => expect(within(paymentStep()).getByRole('group')).toBeVisible())
    expect(cart).toHaveFocus()
  })
})
