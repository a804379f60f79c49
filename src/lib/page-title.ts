import { env } from './env.ts'

/**
 * A page's document title: 'Page | Meridian', or the brand alone for home. Pages render it as
 * React 19's <title>, which React places in the document head.
 */
export function pageTitle(page?: string): string {
  return page ? `${page} | ${env.brand}` : `${env.brand} | Gifts, fashion, tech and home`
}
