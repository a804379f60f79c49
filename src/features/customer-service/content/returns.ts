import type { ServiceContent, ShopFeatures } from '../service-content.ts'

/** The page's text (it names no shop); where orders are kept on the server, how to find one. */
export const content = (_brand: string, { orderLookup }: ShopFeatures): ServiceContent => ({
  title: 'Free Shipping & Returns',
  intro: 'Shipping is free on every order, and so are returns within 30 days.',
  sections: [
    {
      heading: 'Shipping',
      points: [
        'Standard Ground: 7-10 business days, free',
        'Free in-store pickup at our Perimeter Mall store, usually the next day',
        'Tracking by e-mail and, if you like, by SMS',
      ],
    },
    {
      heading: 'Returns',
      paragraphs: [
        'Changed your mind? Return unworn, unused items in their original packaging within 30 days of delivery for a full refund to your original payment method.',
        'Start a return from My Purchases, print the prepaid label, and drop the parcel at any post office, or bring it to the store.',
      ],
    },
    ...(orderLookup
      ? [
          {
            heading: 'Finding your order',
            paragraphs: [
              'Your order number is in your confirmation email. Signed in, My Purchases lists every order of your account, whichever device you placed it on.',
              'Ordered without signing in? Find your order with its number and the email address you gave at checkout.',
            ],
            links: [
              { label: 'My Purchases', to: '/orders' as const },
              { label: 'Find an order', to: '/orders/find' as const },
            ],
          },
        ]
      : []),
    {
      heading: 'Exceptions',
      points: [
        'Monogrammed and personalised items',
        'Opened fragrances and skincare',
        'Free promotional items',
      ],
    },
  ],
})
