import { GiftIcon, PenIcon, ShieldIcon, TruckIcon } from '../../../components/icons.tsx'

/** The four perks of rules.md § Product page. */
export const PERKS = [
  {
    title: '5 Year Warranty',
    text: 'Repairs or replacement, free, for five years.',
    Icon: ShieldIcon,
  },
  { title: 'Free Gift Boxing', text: 'Hand-wrapped with a note of your own.', Icon: GiftIcon },
  {
    title: 'Free Shipping and Returns',
    text: 'Delivered free; returns free for 30 days.',
    Icon: TruckIcon,
  },
  { title: 'Customize and Monogram', text: 'Add initials to make it truly theirs.', Icon: PenIcon },
] as const

export type Perk =
  (typeof PERKS)[number] | { title: string; text: string; Icon: (typeof PERKS)[number]['Icon'] }

/** A product's own terms, where its data has them (rules.md § Product page). */
export interface ProductTerms {
  warrantyInformation?: string
  returnPolicy?: string
}

type Words = Pick<Perk, 'title' | 'text'>

const titleCase = (words: string) => words.replace(/(^|\s)\S/g, (first) => first.toUpperCase())

/** '2 years', '1 month': a number of units, as a sentence says it. */
const lasting = (count: string, unit: string) => `${count} ${unit}${count === '1' ? '' : 's'}`

/**
 * The warranty perk names the product's own warranty ('2 year warranty' is '2 Year Warranty'),
 * so the page never shows two (rules.md § Product page).
 */
function warranty(term: string): Words {
  const span = /^(\d+) (day|week|month|year)s? warranty$/i.exec(term)
  if (span) {
    const [, count = '', unit = ''] = span
    return {
      title: titleCase(term),
      text: `Repairs or replacement, free, for ${lasting(count, unit.toLowerCase())}.`,
    }
  }
  if (/^lifetime warranty$/i.test(term))
    return { title: 'Lifetime Warranty', text: 'Repairs or replacement, free, for its lifetime.' }
  if (/^no warranty$/i.test(term))
    return { title: 'No Warranty', text: 'This product comes without a warranty.' }
  return { title: 'Warranty', text: `This product: ${term}.` }
}

/** The shipping and returns perk says the product's own return policy, or that it has none. */
function returns(term: string): Words {
  const span = /^(\d+) (day|week|month)s? return policy$/i.exec(term)
  if (span) {
    const [, count = '', unit = ''] = span
    return {
      title: 'Free Shipping and Returns',
      text: `Delivered free; returns free for ${lasting(count, unit.toLowerCase())}.`,
    }
  }
  if (/^no return policy$/i.test(term))
    return { title: 'Free Shipping', text: 'Delivered free. This product cannot be returned.' }
  return { title: 'Free Shipping and Returns', text: `This product: ${term}.` }
}

/**
 * The four perks, the spec's where the data is silent, the warranty's and the returns' the
 * product's own terms where it has them: one story on the page, its Product Details agreeing.
 */
export function perksFor(terms: ProductTerms): readonly Perk[] {
  const [warrantyPerk, gifts, returnsPerk, monogram] = PERKS
  return [
    terms.warrantyInformation
      ? { ...warrantyPerk, ...warranty(terms.warrantyInformation) }
      : warrantyPerk,
    gifts,
    terms.returnPolicy ? { ...returnsPerk, ...returns(terms.returnPolicy) } : returnsPerk,
    monogram,
  ]
}
