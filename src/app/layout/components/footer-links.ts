import type { LinkProps } from '@tanstack/react-router'
import { messages } from '../../../lib/messages.ts'

export interface FooterLink {
  label: string
  link: Pick<LinkProps, 'to' | 'params' | 'hash'>
}

export interface FooterSection {
  title: string
  links: FooterLink[]
}

/** Every footer link goes to a real page (rules.md § Links and fallbacks). */
export const FOOTER_SECTIONS: FooterSection[] = [
  {
    title: 'Customer Service',
    links: [
      {
        label: '5-Year Warranty',
        link: { to: '/customer-service/$serviceType', params: { serviceType: 'warranty' } },
      },
      {
        label: 'Free Gift Boxing',
        link: { to: '/customer-service/$serviceType', params: { serviceType: 'shop-gifts' } },
      },
      {
        label: 'Shipping & Returns',
        link: { to: '/customer-service/$serviceType', params: { serviceType: 'returns' } },
      },
      {
        label: 'Monogramming',
        link: { to: '/customer-service/$serviceType', params: { serviceType: 'monogram' } },
      },
    ],
  },
  {
    title: 'My Account',
    links: [
      { label: 'Sign In / Register', link: { to: '/userauth' } },
      { label: 'My Account', link: { to: '/myaccount' } },
      { label: 'My Purchases', link: { to: '/orders' } },
      { label: 'My Saved Items', link: { to: '/saved' } },
      { label: 'Shopping Cart', link: { to: '/cart' } },
    ],
  },
  {
    title: 'About Meridian',
    links: [
      { label: messages.allProducts, link: { to: '/products' } },
      {
        label: 'Holiday Gift Guide',
        link: { to: '/products/$category', params: { category: 'womens-bags' } },
      },
      { label: 'Search the Store', link: { to: '/search' } },
    ],
  },
]

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'Pinterest', href: 'https://www.pinterest.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
] as const
