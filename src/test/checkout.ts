import { screen, waitFor, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, vi } from 'vitest'
import type { Address } from '../../shared/address/address.schema.ts'
import type { CartLine } from '../domain/cart/cart.schemas.ts'
import { apiProduct, cartLineOf, TEST_ADDRESS } from './shop-fixtures.ts'

// The checkout's tests (features/checkout/components/*.test.tsx): its steps, forms and fixtures.

export type User = ReturnType<typeof userEvent.setup>

/** Puts real products in the stored cart, as the cart page would have left them. */
export async function seedCart(...items: [id: number, quantity: number][]): Promise<CartLine[]> {
  const lines = await Promise.all(
    items.map(async ([id, quantity]) => cartLineOf(await apiProduct(id), quantity)),
  )
  localStorage.setItem('cart', JSON.stringify(lines))
  return lines
}

export const ADDRESS = TEST_ADDRESS

export const BILLING: Address = {
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

export const saveAddress = (address: Address = ADDRESS) =>
  localStorage.setItem('address', JSON.stringify(address))

const FLAT50 = { code: 'FLAT50', discount: 50, valid: true }
export const savePromo = () => localStorage.setItem('promo', JSON.stringify(FLAT50))

export const CARD = { name: 'Asha Rao', number: '4242424242421234', expiry: '1229', cvv: '737' }

/** A fixed today (22 November 2026) for the expiry rules. */
export const TODAY = new Date(2026, 10, 22, 10, 30)

/** TODAY in every test of the file that calls this: Date is frozen, timers stay real. */
export function freezeToday() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(TODAY)
  })
  afterEach(() => vi.useRealTimers())
}

export const step = (name: string) => screen.getByRole('region', { name })
export const shippingStep = () => step('Shipping Address')
export const paymentStep = () => step('Payment Options')
export const reviewStep = () => step('Order Review')
export const shippingForm = () => screen.getByRole('form', { name: 'Shipping address' })
export const cardForm = () => screen.getByRole('form', { name: 'Card details' })

/** The postal block an address is shown as (it has no role of its own). */
export function addressBlock(scope: HTMLElement): HTMLElement {
  const block = scope.querySelector('address')
  if (!block) throw new Error('No address shown')
  return block
}

export function expectAddressShown(scope: HTMLElement, address: Address) {
  const block = addressBlock(scope)
  expect(block).toHaveTextContent(`${address.firstName} ${address.lastName}`)
  expect(block).toHaveTextContent(address.address1)
  if (address.address2) expect(block).toHaveTextContent(address.address2)
  expect(block).toHaveTextContent(`${address.city}, ${address.state} ${address.code}`)
  expect(block).toHaveTextContent(address.mobile)
  expect(block).toHaveTextContent(address.email)
}

/** A label/amount row of a price summary, e.g. 'Total $12.00'. */
export function amountRow(scope: HTMLElement, label: string | RegExp): HTMLElement {
  return within(scope).getByText(label).parentElement as HTMLElement
}

export async function fillAddress(user: User, scope: HTMLElement, address: Address) {
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

export async function fillCard(user: User, card = CARD) {
  const form = within(cardForm())
  await user.type(form.getByLabelText('Name on Card'), card.name)
  await user.type(form.getByLabelText('Card Number'), card.number)
  await user.type(form.getByLabelText('Expiration Date'), card.expiry)
  await user.type(form.getByLabelText('CVV'), card.cvv)
}

export async function payByCard(user: User, card = CARD) {
  await fillCard(user, card)
  await user.click(within(cardForm()).getByRole('button', { name: 'Save Card' }))
  await within(paymentStep()).findByRole('button', { name: 'Change Payment' })
}

/** Focuses a field, types into it (after clearing it) and leaves it, as a shopper does. */
export async function enter(user: User, field: HTMLElement, text = '') {
  await user.clear(field)
  if (text) await user.type(field, text)
  else await user.click(field)
  await user.tab()
}

// The form validates asynchronously (its schema resolver): a message shows a moment after the event.
export async function expectFieldError(field: HTMLElement, message: string) {
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

export async function expectFieldValid(field: HTMLElement) {
  await waitFor(() => expect(field).not.toHaveAttribute('aria-invalid'))
}

export const storedJson = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null')
