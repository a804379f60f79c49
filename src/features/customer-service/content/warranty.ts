import type { ServiceContent } from '../service-content.ts'

/** The page's text for a shop called `brand`. */
export const content = (brand: string): ServiceContent => ({
  title: '5-Year Warranty',
  intro: `Everything you buy at ${brand} is covered against defects in materials and workmanship for five years from the day it reaches you, at no extra cost.`,
  sections: [
    {
      heading: 'What is covered',
      points: [
        'Manufacturing defects in electronics, watches, furniture, lighting and accessories',
        'Broken zips, clasps, stitching and hardware on bags, shoes and clothing',
        'Batteries that hold less than 80% of their charge within the first two years',
      ],
    },
    {
      heading: 'What is not covered',
      points: [
        'Accidental damage, loss or theft',
        'Normal wear, such as scuffs and fading',
        'Repairs made by someone other than us',
      ],
    },
    {
      heading: 'How to make a claim',
      paragraphs: [
        'Sign in and open My Purchases, or bring the item to any store with your order number. We repair it, replace it with the same or an equivalent item, or refund it, usually within 10 business days.',
        'Repairs are free, including shipping both ways.',
      ],
    },
  ],
})
