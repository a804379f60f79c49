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

/**
 * The four perks, their titles as the spec has them, the warranty's and the returns' words the
 * product's own terms where the data has them.
 */
export function perksFor(terms: ProductTerms): readonly Perk[] {
  const own: Record<string, string | undefined> = {
    '5 Year Warranty': terms.warrantyInformation,
    'Free Shipping and Returns': terms.returnPolicy,
  }
  return PERKS.map((perk) => {
    const term = own[perk.title]
    return term ? { ...perk, text: `This product: ${term}.` } : perk
  })
}
