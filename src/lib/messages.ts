import { env } from './env.ts'

const brand = env.brand

/**
 * Every visible text the spec quotes, verbatim, typos included (decisions §2), so a later
 * correction is one line. Texts of our own that shoppers see more than once live here too.
 */
export const messages = {
  brand,
  copyright: `© 2022 ${brand}`,

  // Home (spec §2.2)
  heroTitle: 'HOLIDAY GIFTS',
  heroCta: 'Shop the Gift Guide',
  bestSellers: 'Our Best Sellers',

  // Listings and search (spec §2.4, §2.5, §8)
  allProducts: 'All Products',
  moreCategories: 'More Categories',
  noProducts: 'No products found',
  searchLabel: 'Search products',
  searchEmpty: 'Please type something to search products!',
  searchNoResults: 'No product found!',

  // Product and cart (spec §4, §2.7)
  addedToCart: 'Product Added To Cart Succesfully',
  cartEmpty: 'Your Shopping cart is empty',
  pickUp: `Pick Up at ${brand} Permimeter Mall`,
  blackFriday: (percent: number) => `${percent}% off for Black Friday`,
  becomeMember: `Become a ${brand} Member for faster checkout`,
  promoInvalid: 'Sorry Promo code is Invaild applying default 5$ off',

  // Account (spec §2.9)
  createAccountHeading: 'Create An Account',
  createAccountText: `Create a ${brand} account with your email address.`,
  welcome: 'Welcome,',

  // Errors (spec §8)
  serverError: 'Something went wrong please contact system admin!',
  genericError: 'Something went wrong',
  offline: 'You are offline. Check your connection and try again.',
  // Online, yet no answer: the API is down, refused the connection or was blocked on the way.
  unreachable: `${brand} could not reach its catalogue service. Please try again in a moment.`,
  // A piece of the page whose code could not be downloaded (the account forms).
  notLoaded: 'This could not be loaded. Check your connection and try again.',
  timeout: 'The server is taking too long to answer. Please try again.',
  // An API that only simulates writes (the public demo API) said yes but kept nothing.
  registrationNotKept:
    'Your account was not kept: this catalogue service is a demo that does not store new accounts, so it cannot sign you in. You can still shop and check out without an account.',
  profileNotKept:
    'Your changes were not kept: this catalogue service is a demo that does not store them. Your details are shown as the service still has them.',
} as const
