import { act, screen, waitFor, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cartTotal, formatPrice, lineDiscountedPrice, roundCents } from '../../../lib/pricing.ts'
import { setViewportWidth } from '../../../test/match-media.ts'
import { renderApp } from '../../../test/render-app.tsx'
import type { Address } from '../../../domain/address/address.schema.ts'
import type { CartLine } from '../../../domain/cart/cart.schemas.ts'
import { orderSchema, type Order } from '../../../domain/orders/order.schemas.ts'
import {
  apiProduct,
  apiProducts,
  cartLineOf,
  changeStock,
  TEST_ADDRESS,
} from '../../../test/shop-fixtures.ts'

type User = ReturnType<typeof userEvent.setup>

/** Puts real products in the stored cart, as the cart page would have left them. */
async function seedCart(...items: [id: number, quantity: number][]): Promise<CartLine[]> {
  const lines = await Promise.all(
    items.map(async ([id, quantity]) => cartLineOf(await apiProduct(id), quantity)),
  )
  localStorage.setItem('cart', JSON.stringify(lines))
  return lines
}

const ADDRESS = TEST_ADDRESS

const BILLING: Address = {
  firstName: 'Vikram',
  lastName: 'Iyer',
  address1: '7 Park Street',
  address2: '',
  city: 'Kolkata',
  state: 'West Bengal',
  code: '700016',
  mobile: '+91 9123456780',
  email: 'vikram@example.com',
}

const saveAddress = (address: Address = ADDRESS) =>
  localStorage.setItem('address', JSON.stringify(address))

const FLAT50 = { code: 'FLAT50', discount: 50, valid: true }
const savePromo = () => localStorage.setItem('promo', JSON.stringify(FLAT50))

const CARD = { name: 'Asha Rao', number: '4242424242421234', expiry: '1229', cvv: '737' }

// A fixed today (22 November 2026) for the expiry rules; Date is frozen, timers stay real.
const TODAY = new Date(2026, 10, 22, 10, 30)
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(TODAY)
})
afterEach(() => vi.useRealTimers())

const step = (name: string) => screen.getByRole('region', { name })
const shippingStep = () => step('Shipping Address')
const paymentStep = () => step('Payment Options')
const reviewStep = () => step('Order Review')
const shippingForm = () => screen.getByRole('form', { name: 'Shipping address' })
const cardForm = () => screen.getByRole('form', { name: 'Card details' })

/** The postal block an address is shown as (it has no role of its own). */
function addressBlock(scope: HTMLElement): HTMLElement {
  const block = scope.querySelector('address')
  if (!block) throw new Error('No address shown')
  return block
}

function expectAddressShown(scope: HTMLElement, address: Address) {
  const block = addressBlock(scope)
  expect(block).toHaveTextContent(`${address.firstName} ${address.lastName}`)
  expect(block).toHaveTextContent(address.address1)
  if (address.address2) expect(block).toHaveTextContent(address.address2)
  expect(block).toHaveTextContent(`${address.city}, ${address.state} ${address.code}`)
  expect(block).toHaveTextContent(address.mobile)
  expect(block).toHaveTextContent(address.email)
}

/** A label/amount row of a price summary, e.g. 'Total $12.00'. */
function amountRow(scope: HTMLElement, label: string | RegExp): HTMLElement {
  return within(scope).getByText(label).parentElement as HTMLElement
}

async function fillAddress(user: User, scope: HTMLElement, address: Address) {
  const fields = within(scope)
  await user.type(fields.getByLabelText('First Name'), address.firstName)
  await user.type(fields.getByLabelText('Last Name'), address.lastName)
  await user.type(fields.getByLabelText('Address Line 1'), address.address1)
  if (address.address2)
    await user.type(fields.getByLabelText('Address Line 2 (optional)'), address.address2)
  await user.type(fields.getByLabelText('City'), address.city)
  await user.selectOptions(fields.getByLabelText('State'), address.state)
  await user.type(fields.getByLabelText('Pincode'), address.code)
  await user.type(fields.getByLabelText('Mobile'), address.mobile)
  await user.type(fields.getByLabelText('Email'), address.email)
}

async function fillCard(user: User, card = CARD) {
  const form = within(cardForm())
  await user.type(form.getByLabelText('Name on Card'), card.name)
  await user.type(form.getByLabelText('Card Number'), card.number)
  await user.type(form.getByLabelText('Expiration Date'), card.expiry)
  await user.type(form.getByLabelText('CVV'), card.cvv)
}

async function payByCard(user: User, card = CARD) {
  await fillCard(user, card)
  await user.click(within(cardForm()).getByRole('button', { name: 'Save Card' }))
  await within(paymentStep()).findByRole('button', { name: 'Change Payment' })
}

/** Focuses a field, types into it (after clearing it) and leaves it, as a shopper does. */
async function enter(user: User, field: HTMLElement, text = '') {
  await user.clear(field)
  if (text) await user.type(field, text)
  else await user.click(field)
  await user.tab()
}

// The form validates asynchronously (its schema resolver): a message shows a moment after the event.
async function expectFieldError(field: HTMLElement, message: string) {
  await waitFor(() => {
    expect(field).toHaveAttribute('aria-invalid', 'true')
    const describedBy = field.getAttribute('aria-describedby') ?? ''
    const described = describedBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .filter(Boolean)
    expect(described).toContain(message)
  })
}

async function expectFieldValid(field: HTMLElement) {
  await waitFor(() => expect(field).not.toHaveAttribute('aria-invalid'))
}

const storedJson = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null')

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

describe('payment (rules.md § Checkout, § Validation rules)', () => {
  it('defaults to card; Pay Pal swaps the card form for its button; billing defaults to shipping', async () => {
    await seedCart([1, 1])
    saveAddress()
    const { user } = await renderApp('/checkout')
    const payment = within(paymentStep())

    expect(payment.getByRole('radio', { name: 'Credit or Debit Card' })).toBeChecked()
    for (const name of ['Pay Pal', 'Pay Later', 'Apple Pay'])
      expect(payment.getByRole('radio', { name })).not.toBeChecked()
    expect(payment.getByRole('form', { name: 'Card details' })).toBeInTheDocument()

    const sameAsShipping = payment.getByRole('checkbox', {
      name: 'Use Shipping Address for Billing',
    })
    expect(sameAsShipping).toBeChecked()
    expect(payment.queryByRole('group', { name: 'Billing address' })).not.toBeInTheDocument()
    await user.click(sameAsShipping)
    const billing = within(payment.getByRole('group', { name: 'Billing address' }))
    for (const label of ['First Name', 'Last Name', 'Address Line 1', 'City', 'State', 'Pincode'])
      expect(billing.getByLabelText(label)).toHaveValue('')
    await user.click(sameAsShipping)
    expect(payment.queryByRole('group', { name: 'Billing address' })).not.toBeInTheDocument()

    await user.click(payment.getByRole('radio', { name: 'Pay Pal' }))
    expect(payment.getByRole('radio', { name: 'Pay Pal' })).toBeChecked()
    expect(payment.queryByRole('form', { name: 'Card details' })).not.toBeInTheDocument()
    expect(
      payment.getByText('You will confirm the payment with Pay Pal when you place the order.'),
    ).toBeInTheDocument()
    await user.click(payment.getByRole('button', { name: 'Continue with Pay Pal' }))

    expect(payment.getByText('Pay Pal')).toBeInTheDocument()
    expect(payment.queryByText(/Visa ending in/)).not.toBeInTheDocument()
    expectAddressShown(paymentStep(), ADDRESS)
    expect(within(reviewStep()).getByRole('button', { name: 'Place Order' })).toBeEnabled()

    await user.click(payment.getByRole('button', { name: 'Change Payment' }))
    expect(payment.getByRole('radio', { name: 'Pay Pal' })).toBeChecked()
    await user.click(payment.getByRole('radio', { name: 'Credit or Debit Card' }))
    expect(payment.getByRole('form', { name: 'Card details' })).toBeInTheDocument()
  })

  it('masks the card number and expiry and hides the CVV', async () => {
    await seedCart([1, 1])
    saveAddress()
    const { user } = await renderApp('/checkout')
    const form = within(cardForm())

    const number = form.getByLabelText('Card Number')
    await user.type(number, '4242424242424242')
    expect(number).toHaveValue('4242 4242 4242 4242')
    expect(number).toHaveAttribute('maxlength', '19')
    await user.type(number, '99')
    expect(number).toHaveValue('4242 4242 4242 4242')
    await user.clear(number)
    await user.type(number, '4242-42a42')
    expect(number).toHaveValue('4242 4242')

    const expiry = form.getByLabelText('Expiration Date')
    await user.type(expiry, '1229')
    expect(expiry).toHaveValue('12/29')
    expect(expiry).toHaveAttribute('maxlength', '5')
    await user.type(expiry, '7')
    expect(expiry).toHaveValue('12/29')

    const cvv = form.getByLabelText('CVV')
    expect(cvv).toHaveAttribute('type', 'password')
    expect(cvv).toHaveAttribute('maxlength', '3')
    await user.type(cvv, '73712')
    expect(cvv).toHaveValue('737')
  })

  it('shows the spec card messages against today (22 November 2026)', async () => {
    await seedCart([1, 1])
    saveAddress()
    const { user } = await renderApp('/checkout')
    const form = within(cardForm())
    const name = form.getByLabelText('Name on Card')
    const number = form.getByLabelText('Card Number')
    const expiry = form.getByLabelText('Expiration Date')
    const cvv = form.getByLabelText('CVV')

    await enter(user, name)
    await expectFieldError(name, 'Please fill out this field.')
    await enter(user, name, 'Asha Rao')
    await expectFieldValid(name)

    await enter(user, number, '424242424242')
    expect(number).toHaveValue('4242 4242 4242')
    await expectFieldError(number, 'Card Number is not valid')
    await enter(user, number, CARD.number)
    await expectFieldValid(number)

    const expiries: [typed: string, shown: string, message: string | undefined][] = [
      ['1330', '13/30', 'Invalid Expiration Month'],
      ['0030', '00/30', 'Invalid Expiration Month'],
      ['1026', '10/26', 'Invalid Expiration Date has past'],
      ['0125', '01/25', 'Invalid Expiration Date has past'],
      ['1126', '11/26', undefined],
      ['0127', '01/27', undefined],
    ]
    for (const [typed, shown, message] of expiries) {
      await enter(user, expiry, typed)
      expect(expiry).toHaveValue(shown)
      if (message) await expectFieldError(expiry, message)
      else await expectFieldValid(expiry)
    }

    for (const bad of ['012', '12']) {
      await enter(user, cvv, bad)
      await expectFieldError(cvv, 'CVV Number is not valid')
    }
    await enter(user, cvv, '737')
    await expectFieldValid(cvv)

    // An invalid card is not saved: the review stays disabled.
    await enter(user, expiry, '1026')
    await user.click(form.getByRole('button', { name: 'Save Card' }))
    await expectFieldError(expiry, 'Invalid Expiration Date has past')
    expect(cardForm()).toBeInTheDocument()
    expect(reviewStep()).toHaveTextContent('Add your shipping address and payment first.')
  })

  it('shows every card message on an empty submit', async () => {
    await seedCart([1, 1])
    saveAddress()
    const { user } = await renderApp('/checkout')
    const form = within(cardForm())
    await user.click(form.getByRole('button', { name: 'Save Card' }))
    await expectFieldError(form.getByLabelText('Name on Card'), 'Please fill out this field.')
    await expectFieldError(form.getByLabelText('Card Number'), 'Card Number is not valid')
    await expectFieldError(form.getByLabelText('Expiration Date'), 'Please fill out this field.')
    await expectFieldError(form.getByLabelText('CVV'), 'CVV Number is not valid')
    expect(reviewStep()).toHaveTextContent('Add your shipping address and payment first.')
  })

  it('reveals the gift card form, checks its PIN and applies it', async () => {
    await seedCart([1, 1])
    saveAddress()
    const { user } = await renderApp('/checkout')
    const payment = within(paymentStep())
    const giftCheckbox = payment.getByRole('checkbox', { name: 'Pay with Meridian gift Card' })
    expect(giftCheckbox).not.toBeChecked()
    expect(payment.queryByRole('form', { name: 'Gift card' })).not.toBeInTheDocument()

    await user.click(giftCheckbox)
    const gift = within(payment.getByRole('form', { name: 'Gift card' }))
    const pin = gift.getByLabelText('PIN')
    expect(pin).toHaveAttribute('type', 'password')
    await enter(user, gift.getByLabelText('Gift Card Number'))
    await expectFieldError(gift.getByLabelText('Gift Card Number'), 'Please fill out this field.')
    await enter(user, gift.getByLabelText('Gift Card Number'), '6006491234567890')
    await expectFieldValid(gift.getByLabelText('Gift Card Number'))
    await enter(user, pin, '123')
    await expectFieldError(pin, 'Must be exactly 4 characters')
    await user.click(gift.getByRole('button', { name: 'Apply Gift Card' }))
    expect(payment.getByRole('form', { name: 'Gift card' })).toBeInTheDocument()

    await enter(user, pin, '1234')
    await expectFieldValid(pin)
    await user.click(gift.getByRole('button', { name: 'Apply Gift Card' }))
    // The form validates asynchronously (react-hook-form): the card applies once it has.
    expect(
      await payment.findByText('Gift card applied: $60.00 of this order is paid by gift card.'),
    ).toBeInTheDocument()
    expect(payment.queryByRole('form', { name: 'Gift card' })).not.toBeInTheDocument()

    await payByCard(user)
    expect(payment.getByText('Meridian gift card: $60.00')).toBeInTheDocument()
  })

  it('shows the saved card by its last four digits with the billing address, and enables the review', async () => {
    const lines = await seedCart([1, 2], [6, 1])
    saveAddress()
    const { user } = await renderApp('/checkout')
    await payByCard(user)

    const payment = paymentStep()
    expect(within(payment).getByText('Visa ending in 1234')).toBeInTheDocument()
    expect(within(payment).queryByText(/gift card/)).not.toBeInTheDocument()
    expectAddressShown(payment, ADDRESS)
    expect(screen.queryByRole('form', { name: 'Card details' })).not.toBeInTheDocument()

    const review = reviewStep()
    expect(review).not.toHaveTextContent('Add your shipping address and payment first.')
    const items = within(within(review).getByRole('list', { name: 'Items to order' }))
    expect(items.getAllByRole('listitem')).toHaveLength(2)
    for (const line of lines) {
      const item = items.getByText(`${line.title} × ${line.quantity}`).parentElement as HTMLElement
      expect(item).toHaveTextContent(formatPrice(lineDiscountedPrice(line)))
    }
    expect(amountRow(review, 'Order total')).toHaveTextContent(formatPrice(cartTotal(lines)))
    expect(within(review).getByRole('button', { name: 'Place Order' })).toBeEnabled()

    await user.click(within(payment).getByRole('button', { name: 'Change Payment' }))
    const form = within(cardForm())
    expect(form.getByLabelText('Card Number')).toHaveValue('')
    expect(form.getByLabelText('CVV')).toHaveValue('')
    expect(reviewStep()).toHaveTextContent('Add your shipping address and payment first.')
  })

  it('validates and shows a separate billing address', async () => {
    await seedCart([1, 1])
    saveAddress()
    const { user } = await renderApp('/checkout')
    await user.click(screen.getByRole('checkbox', { name: 'Use Shipping Address for Billing' }))
    await fillCard(user)
    await user.click(within(cardForm()).getByRole('button', { name: 'Save Card' }))

    const billing = within(screen.getByRole('group', { name: 'Billing address' }))
    await expectFieldError(billing.getByLabelText('First Name'), 'Please fill out this field.')
    await expectFieldError(billing.getByLabelText('Pincode'), 'Pincode is not valid')
    expect(reviewStep()).toHaveTextContent('Add your shipping address and payment first.')

    await fillAddress(user, screen.getByRole('group', { name: 'Billing address' }), BILLING)
    await user.click(within(cardForm()).getByRole('button', { name: 'Save Card' }))
    const payment = paymentStep()
    expect(await within(payment).findByText('Visa ending in 1234')).toBeInTheDocument()
    expectAddressShown(payment, BILLING)
    // The shipping address is unchanged.
    expect(storedJson('address')).toEqual(ADDRESS)
  })

  it('flags the card and the billing fields together on one submit', async () => {
    await seedCart([1, 1])
    saveAddress()
    const { user } = await renderApp('/checkout')
    await user.click(screen.getByRole('checkbox', { name: 'Use Shipping Address for Billing' }))
    await user.click(within(cardForm()).getByRole('button', { name: 'Save Card' }))
    await expectFieldError(
      within(cardForm()).getByLabelText('Card Number'),
      'Card Number is not valid',
    )
    const billing = within(screen.getByRole('group', { name: 'Billing address' }))
    await expectFieldError(billing.getByLabelText('First Name'), 'Please fill out this field.')
    await expectFieldError(billing.getByLabelText('Pincode'), 'Pincode is not valid')
  })

  // 'Same as shipping' is resolved when read, so billing follows a changed shipping address.
  it('bills the current shipping address after the address changes', async () => {
    await seedCart([1, 1])
    saveAddress()
    const { user, router } = await renderApp('/checkout')
    await payByCard(user)
    await user.click(within(shippingStep()).getByRole('button', { name: 'Change Address' }))
    const form = within(shippingForm())
    await user.clear(form.getByLabelText('City'))
    await user.type(form.getByLabelText('City'), 'Mysuru')
    await user.click(form.getByRole('button', { name: 'Save and Continue' }))
    const moved = { ...ADDRESS, city: 'Mysuru' }
    expect(storedJson('address')).toEqual(moved)

    // Either the saved payment follows the new address, or the shopper is asked to pay again.
    const payment = paymentStep()
    if (within(payment).queryByRole('button', { name: 'Change Payment' }))
      expectAddressShown(payment, moved)
    else await payByCard(user)
    await user.click(within(reviewStep()).getByRole('button', { name: 'Place Order' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmation'))
    const order = storedJson('orderDetails') as Order
    expect(order.address).toEqual(moved)
    expect(order.payment.billing).toEqual(moved)
  })
})

describe('placing the order (rules.md § Checkout, rules.md § Purchase flow)', () => {
  it('records the order, clears cart and promo, opens the confirmation and stores no card details', async () => {
    const lines = await seedCart([1, 2], [6, 1])
    saveAddress()
    const { user, router } = await renderApp('/checkout')
    await user.click(screen.getByRole('checkbox', { name: 'Pay with Meridian gift Card' }))
    const gift = within(screen.getByRole('form', { name: 'Gift card' }))
    await user.type(gift.getByLabelText('Gift Card Number'), '6006491234567890')
    await user.type(gift.getByLabelText('PIN'), '4321')
    await user.click(gift.getByRole('button', { name: 'Apply Gift Card' }))
    await payByCard(user)
    await user.click(within(reviewStep()).getByRole('button', { name: 'Place Order' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmation'))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }),
    ).toBeInTheDocument()

    const total = cartTotal(lines)
    const order = storedJson('orderDetails') as Order
    expect(order).toEqual({
      orderNumber: expect.stringMatching(/^MRD-[A-Z0-9]{8}$/) as string,
      date: TODAY.toISOString(),
      cartData: lines,
      price: { items: total, promo: 0, shipping: 0, total },
      address: ADDRESS,
      payment: { method: 'card', cardLast4: '1234', billing: ADDRESS, giftCard: true },
    })
    // What is stored reads back as a valid order.
    expect(v.is(orderSchema, order)).toBe(true)
    expect(storedJson('orderHistory')).toEqual([order])
    expect(screen.getByText(order.orderNumber)).toBeInTheDocument()

    expect(localStorage.getItem('cart')).toBeNull()
    expect(localStorage.getItem('promo')).toBeNull()
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument()

    // No card detail is kept anywhere: not the number (either way), the expiry or the CVV.
    const stored = Array.from({ length: localStorage.length }, (_, index) => {
      const key = localStorage.key(index) ?? ''
      return { key, value: localStorage.getItem(key) ?? '' }
    })
    expect(stored.map(({ key }) => key).sort()).toEqual(['address', 'orderDetails', 'orderHistory'])
    for (const { key, value } of stored) {
      // The random order number could hold any digits; it is not a card detail.
      const text = `${key} ${value.replaceAll(order.orderNumber, '')}`
      for (const secret of [CARD.number, '4242 4242 4242 1234', '12/29', '1229', CARD.cvv])
        expect(text, `localStorage.${key}`).not.toContain(secret)
      expect(text.toLowerCase(), `localStorage.${key}`).not.toMatch(/cvv|expir|cardnumber/)
    }
  })

  it('takes the FLAT50 promo off in the summary and in the placed order', async () => {
    const lines = await seedCart([1, 1], [3, 2])
    saveAddress()
    savePromo()
    const { user, router } = await renderApp('/checkout')
    const items = cartTotal(lines)
    const total = roundCents(items - 50)

    const summary = screen.getByRole('complementary', { name: 'Order Summary' })
    expect(amountRow(summary, 'Items')).toHaveTextContent(formatPrice(items))
    expect(amountRow(summary, 'Promo (FLAT50)')).toHaveTextContent(`−${formatPrice(50)}`)
    expect(amountRow(summary, 'Shipping')).toHaveTextContent('Free')
    expect(amountRow(summary, 'Total')).toHaveTextContent(formatPrice(total))

    await payByCard(user)
    expect(amountRow(reviewStep(), 'Order total')).toHaveTextContent(formatPrice(total))
    await user.click(within(reviewStep()).getByRole('button', { name: 'Place Order' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmation'))

    const order = storedJson('orderDetails') as Order
    expect(order.price).toEqual({ items, promo: 50, promoCode: 'FLAT50', shipping: 0, total })
    expect(order.payment.giftCard).toBe(false)
    expect(localStorage.getItem('promo')).toBeNull()
    expect(localStorage.getItem('cart')).toBeNull()
  })

  it.each([
    ['0', false],
    ['less than 0', true],
  ])('disables Place Order when the total is %s', async (_total, withPromo) => {
    const free = (await apiProducts()).find((product) => product.discountPercentage === 100)
    if (!free) throw new Error('The catalogue has no 100%-off product')
    localStorage.setItem('cart', JSON.stringify([cartLineOf(free, 1)]))
    saveAddress()
    if (withPromo) savePromo()
    const { user } = await renderApp('/checkout')

    await user.click(screen.getByRole('radio', { name: 'Pay Pal' }))
    await user.click(screen.getByRole('button', { name: 'Continue with Pay Pal' }))
    const review = reviewStep()
    expect(amountRow(review, 'Order total')).toHaveTextContent(formatPrice(withPromo ? -50 : 0))
    const place = within(review).getByRole('button', { name: 'Place Order' })
    expect(place).toBeDisabled()
    await user.click(place)
    expect(localStorage.getItem('orderDetails')).toBeNull()
    expect(localStorage.getItem('cart')).not.toBeNull()
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
