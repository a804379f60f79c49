import type { ServiceContent } from '../service-content.ts'

/** The page's text (it names no shop). */
export const content = (): ServiceContent => ({
  title: 'Make it Yours',
  intro:
    'Add initials to bags, jewellery, leather goods and more, embossed, engraved or embroidered by our artisans.',
  sections: [
    {
      heading: 'What can be monogrammed',
      points: [
        'Handbags, wallets and small leather goods: up to 3 letters, hot-stamped in gold, silver or blind',
        'Rings, bracelets and watches: up to 12 characters, engraved',
        'Shirts and tops: up to 3 letters, embroidered on the cuff or chest',
      ],
    },
    {
      heading: 'Timing and price',
      paragraphs: [
        'Monogramming is free and adds 2-3 business days before your order ships.',
        'Personalised items cannot be returned unless they are faulty, so check the spelling before you place your order.',
      ],
    },
  ],
})
