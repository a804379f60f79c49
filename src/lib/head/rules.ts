/**
 * The rules of a page's HTML head: its title, its description, its canonical address, and which
 * pages search engines may not index. Routes' heads read them (route-head.ts); so does the build
 * (vite.config.ts: the web app manifest's names), so this module imports nothing and takes the
 * brand as an argument.
 */

export const DEFAULT_BRAND = 'Meridian'

/** The names of the pages whose name is fixed (the spec's headings where it has one). */
export const PAGE_NAMES = {
  allProducts: 'All Products',
  cart: 'Your Cart',
  checkout: 'Checkout',
  signIn: 'Sign In',
  account: 'My Account',
  orders: 'My Purchases',
  findOrder: 'Find an order',
  forgotPassword: 'Forgot your password?',
  resetPassword: 'Choose a new password',
  saved: 'My Saved Items',
  search: 'Search',
  confirmation: 'Order confirmation',
  notFound: 'Page not found',
  error: 'Something went wrong',
} as const

/** A page's document title: 'Page | Meridian', or the brand and what it sells for home. */
export function documentTitle(brand: string, page?: string): string {
  return page ? `${page} | ${brand}` : `${brand} | Gifts, fashion, tech and home`
}

export const siteDescription = (brand: string) =>
  `${brand}: gifts, fashion, tech and home, with free gift boxing and free shipping.`

export const listingDescription = (brand: string, name: string) =>
  `Shop ${name} at ${brand}, with free gift boxing and free shipping on every order.`

/** About as much as a search result shows (~155 characters), cut at a word. */
export function summary(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  const atWord = space > 0 ? cut.slice(0, space).replace(/[\s,.;:!?-]+$/, '') : cut
  return `${atWord || cut}…`
}

/**
 * A page's one address for search engines: the path without its search params (filters, sort)
 * and without a trailing slash, on the site's origin.
 */
export function canonicalUrl(origin: string, pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return `${origin}${path || '/'}`
}

/** Where the operator's back office is (admin/, an app of its own): no crawler's business. */
export const BACK_OFFICE = '/admin'

/**
 * Pages about one shopper's session or device, by path, with their names: no search engine should
 * index them, and robots.txt also keeps crawlers out of them (and out of the API).
 */
export const PRIVATE_PAGES: Readonly<Record<string, string>> = {
  '/cart': PAGE_NAMES.cart,
  '/checkout': PAGE_NAMES.checkout,
  '/myaccount': PAGE_NAMES.account,
  '/order-confirmation': PAGE_NAMES.confirmation,
  '/orders': PAGE_NAMES.orders,
  '/orders/find': PAGE_NAMES.findOrder,
  '/forgot-password': PAGE_NAMES.forgotPassword,
  '/reset-password': PAGE_NAMES.resetPassword,
  '/saved': PAGE_NAMES.saved,
  '/userauth': PAGE_NAMES.signIn,
}
