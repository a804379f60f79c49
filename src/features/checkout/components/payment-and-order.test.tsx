import { screen, waitFor, within } from '@testing-library/react'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  cartTotal,
  formatPrice,
  lineDiscountedPrice,
  roundCents,
} from '../../../../shared/pricing/pricing.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testApi } from '../../../test/api-server.ts'
import { seedSession } from '../../../test/session.ts'
import { orderSchema, type Order } from '../../../domain/orders/order.schemas.ts'
import { apiProducts, cartLineOf } from '../../../test/shop-fixtures.ts'
import {
  freezeToday,
  seedCart,
  ADDRESS,
  BILLING,
  saveAddress,
  savePromo,
  CARD,
  shippingStep,
  paymentStep,
  reviewStep,
  shippingForm,
  cardForm,
  expectAddressShown,
  amountRow,
  fillAddress,
  fillCard,
  payByCard,
  enter,
  expectFieldError,
  expectFieldValid,
  storedJson,
} from '../../../test/checkout.ts'

freezeToday()

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
    const lines = await seedCart([1, 2], [7, 1])
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
      // The server's number and time (docs/api.md § Orders).
      orderNumber: expect.stringMatching(/^MRD-[0-9A-Z]{10}$/) as string,
      date: new Date(testApi().clock.now()).toISOString(),
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

  it("names the account of a signed-in shopper's order, which signing out takes away (rules.md § State changes)", async () => {
    const { id } = await seedSession()
    await seedCart([1, 1])
    saveAddress()
    const { user, router } = await renderApp('/checkout')
    await payByCard(user)
    await user.click(within(reviewStep()).getByRole('button', { name: 'Place Order' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmation'))
    expect((storedJson('orderDetails') as Order).accountId).toBe(id)
    expect((storedJson('orderHistory') as Order[]).map((order) => order.accountId)).toEqual([id])
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
