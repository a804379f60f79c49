import { describe, expect, it } from 'vitest'
import type { Product, Variant } from './catalogue.schemas.ts'
import { fromPrice } from '../../../shared/catalogue/from-price.ts'
import { chosenVariant, optionChoices } from './variants.ts'
import { variantLabel } from '../../../shared/catalogue/variant-label.ts'

const variant = (size: string, colour: string, stock: number, price = 50): Variant => ({
  sku: `S-${size}-${colour}`.toUpperCase(),
  options: { Size: size, Colour: colour },
  price,
  discountPercentage: 0,
  stock,
})

// Size 8 is sold out in both colours; 9 is not made in White; 10 White has 2 left.
const shoe: Pick<Product, 'options' | 'variants'> = {
  options: [
    { name: 'Size', values: ['8', '9', '10'] },
    { name: 'Colour', values: ['Black', 'White'] },
  ],
  variants: [
    variant('8', 'Black', 0, 40),
    variant('8', 'White', 0, 40),
    variant('9', 'Black', 6),
    variant('10', 'Black', 0),
    variant('10', 'White', 2),
  ],
}

describe('variants (rules.md § Options and variants)', () => {
  it('open on the variant the address names, else the cheapest in stock, first of equals', () => {
    expect(chosenVariant(shoe, 'S-10-WHITE')?.sku).toBe('S-10-WHITE')
    expect(chosenVariant(shoe)?.sku).toBe('S-9-BLACK')
    expect(chosenVariant(shoe, 'NO-SUCH-SKU')?.sku).toBe('S-9-BLACK')
    const allGone = { ...shoe, variants: shoe.variants!.map((v) => ({ ...v, stock: 0 })) }
    expect(chosenVariant(allGone)?.sku).toBe('S-8-BLACK')
    expect(chosenVariant({ options: undefined, variants: undefined })).toBeUndefined()
  })

  it('say of each value whether it is sold out, not made with the other values chosen, or there', () => {
    const [size, colour] = optionChoices(shoe, chosenVariant(shoe)!)
    expect(size!.chosen).toBe('9')
    expect(size!.values.map((c) => [c.value, c.state, c.chosen, c.variant.sku])).toEqual([
      ['8', 'soldOut', false, 'S-8-BLACK'],
      ['9', 'available', true, 'S-9-BLACK'],
      // 10 in Black is sold out, though 10 in White is not.
      ['10', 'soldOut', false, 'S-10-BLACK'],
    ])
    // Size 9 is not made in White: choosing White leads to the White that is in stock (size 10).
    expect(colour!.values.map((c) => [c.value, c.state, c.variant.sku])).toEqual([
      ['Black', 'available', 'S-9-BLACK'],
      ['White', 'unavailable', 'S-10-WHITE'],
    ])
  })

  it('name a variant as a line does, and price a card from the cheapest when prices differ', () => {
    expect(variantLabel(shoe.options, variant('9', 'Black', 1))).toBe('Size 9 · Black')
    expect(
      variantLabel([{ name: 'Storage', values: ['256GB'] }], { options: { Storage: '256GB' } }),
    ).toBe('Storage 256GB')
    expect(variantLabel([{ name: 'Size', values: ['M'] }], { options: { Size: 'M' } })).toBe(
      'Size M',
    )
    expect(fromPrice(shoe)).toBe(40)
    expect(fromPrice({ variants: [variant('9', 'Black', 1), variant('10', 'Black', 1)] })).toBe(
      undefined,
    )
    expect(fromPrice({})).toBeUndefined()
  })
})
