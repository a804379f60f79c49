import { env } from './env.ts'
import { PAGE_NAMES } from './head/rules.ts'

const brand = env.brand

/**
 * The texts of the layout and of every page (header, footer, home, errors), verbatim from the spec,
 * typos included (rules.md § Brand and texts), so a later correction is one line; texts of our own
 * that shoppers see more than once live here too. A text with a placeholder is a function of it.
 * The texts are in three modules by kind, for the code that carries them: these (the entry),
 * one page's (page-messages.ts, loaded with its page) and the forms' (form-messages.ts).
 */
export const messages = {
  brand,
  copyright: `© 2022 ${brand}`,

  // A new build of the app (rules.md § Added features)
  newVersion: `A new version of ${brand} is available`,
  reload: 'Reload',

  // Home (rules.md § Home page)
  heroTitle: 'HOLIDAY GIFTS',
  heroCta: 'Shop the Gift Guide',
  bestSellers: 'Our Best Sellers',

  // Listings and search (rules.md § Header and footer, § Product listings, § Search, § Error messages); their pages' own texts are in page-messages.ts
  allProducts: PAGE_NAMES.allProducts,
  moreCategories: 'More Categories',
  priceLow: 'Price Low',
  priceHigh: 'Price High',
  topRated: 'Top Rated',
  // A card whose variants differ in price (rules.md § Options and variants): 'From $42.99'.
  fromPrice: 'From',

  // Customer service (rules.md § Routes and pages)
  loading: 'Loading...',

  // Errors (rules.md § Error messages)
  serverError: 'Something went wrong please contact system admin!',
  genericError: 'Something went wrong',
  offline: 'You are offline. Check your connection and try again.',
  // Online, yet no answer: the API is down, refused the connection or was blocked on the way.
  unreachable: `${brand} could not reach its catalogue service. Please try again in a moment.`,
  // A piece of the page whose code could not be downloaded (the account forms).
  notLoaded: 'This could not be loaded. Check your connection and try again.',
  timeout: 'The server is taking too long to answer. Please try again.',
} as const
