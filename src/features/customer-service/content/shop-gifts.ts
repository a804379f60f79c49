import type { ServiceContent } from '../service-content.ts'

/** The page's text for a shop called `brand`. */
export const content = (brand: string): ServiceContent => ({
  title: 'Free Gift Boxing',
  intro: `Every ${brand} order can arrive gift-ready. Our signature box, tissue and ribbon are free on every item.`,
  sections: [
    {
      heading: 'How it works',
      points: [
        'Choose gift options for any item in your cart',
        'Add a handwritten-style note of up to 200 characters',
        'Prices are left out of the parcel; a gift receipt is included',
      ],
    },
    {
      heading: 'Sending to someone else',
      paragraphs: [
        'Enter their address at checkout. We send the shipping updates to you, so the surprise stays a surprise.',
      ],
    },
    {
      heading: 'Gift cards',
      paragraphs: [
        `${brand} gift cards come in any amount from $10 to $500 and never expire. Pay with one at checkout.`,
      ],
    },
  ],
})
