import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { SHIPPING_ADDRESS } from '../../../testing/shopper.ts'
import { messageFor } from '../../test/schema-messages.ts'
import { addressSchema } from '../../../shared/address/address.schema.ts'
import { cardSchema, expiryHasPast, giftCardSchema } from './payment.schemas.ts'

const address = SHIPPING_ADDRESS

describe('shipping address (rules.md § Validation rules)', () => {
  it('accepts a complete address, address line 2 optional', () => {
    expect(v.safeParse(addressSchema, address).success).toBe(true)
    const withoutLine2: Partial<typeof address> = { ...address }
    delete withoutLine2.address2
    expect(v.parse(addressSchema, withoutLine2).address2).toBe('')
  })

  it.each([
    ['firstName', '', 'Please fill out this field.'],
    ['lastName', '  ', 'Please fill out this field.'],
    ['address1', '', 'Please fill out this field.'],
    ['city', '', 'Please fill out this field.'],
    ['email', '', 'Please fill out this field.'],
    ['email', 'asha@', 'Not a proper email'],
    ['state', '', 'Please select an item in the list'],
    ['state', 'California', 'Please select an item in the list'],
    ['code', '', 'Pincode is not valid'],
    ['code', '56001', 'Pincode is not valid'],
    ['code', '056001', 'Pincode is not valid'],
    ['code', '5600011', 'Pincode is not valid'],
    ['mobile', '', 'Phone number is not valid'],
    ['mobile', '12345', 'Phone number is not valid'],
    ['mobile', '5876543210', 'Phone number is not valid'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(messageFor(addressSchema, { ...address, [field]: value }, field)).toBe(message)
  })

  it.each(['9876543210', '+91 9876543210', '+91-6123456789'])(
    'accepts the mobile number %s',
    (mobile) => {
      expect(messageFor(addressSchema, { ...address, mobile }, 'mobile')).toBeUndefined()
    },
  )
})

describe('card form (rules.md § Validation rules) on 22 Nov 2026', () => {
  const today = new Date(2026, 10, 22)
  const schema = cardSchema(today)
  const card = {
    name: 'Asha Verma',
    cardNumber: '4242 4242 4242 4242',
    expirationDate: '12/29',
    cvv: '123',
  }

  it('accepts a valid card', () => {
    expect(v.safeParse(schema, card).success).toBe(true)
  })

  it.each([
    ['name', '', 'Please fill out this field.'],
    ['cardNumber', '', 'Card Number is not valid'],
    ['cardNumber', '4242 4242 4242', 'Card Number is not valid'],
    ['cardNumber', '4242424242424242', 'Card Number is not valid'],
    ['expirationDate', '', 'Please fill out this field.'],
    ['expirationDate', '1/29', 'Enter the date as MM/YY'],
    ['expirationDate', '13/30', 'Invalid Expiration Month'],
    ['expirationDate', '00/30', 'Invalid Expiration Month'],
    ['expirationDate', '10/26', 'Invalid Expiration Date has past'],
    ['expirationDate', '12/25', 'Invalid Expiration Date has past'],
    ['cvv', '', 'CVV Number is not valid'],
    ['cvv', '12', 'CVV Number is not valid'],
    ['cvv', '012', 'CVV Number is not valid'],
    ['cvv', '12a', 'CVV Number is not valid'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(messageFor(schema, { ...card, [field]: value }, field)).toBe(message)
  })

  it('treats the current month as not yet past', () => {
    expect(expiryHasPast('11/26', today)).toBe(false)
    expect(expiryHasPast('10/26', today)).toBe(true)
    expect(expiryHasPast('01/27', today)).toBe(false)
    expect(
      messageFor(schema, { ...card, expirationDate: '11/26' }, 'expirationDate'),
    ).toBeUndefined()
  })
})

describe('gift card (rules.md § Validation rules)', () => {
  it.each([
    ['cardNumber', '', 'Please fill out this field.'],
    ['pin', '', 'Please fill out this field.'],
    ['pin', '123', 'Must be exactly 4 characters'],
    ['pin', '12345', 'Must be exactly 4 characters'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(
      messageFor(giftCardSchema, { cardNumber: '6006 1234', pin: '1234', [field]: value }, field),
    ).toBe(message)
  })

  it('accepts a card number with a 4-character PIN', () => {
    expect(v.safeParse(giftCardSchema, { cardNumber: '6006 1234', pin: 'a1b2' }).success).toBe(true)
  })
})
