import { env } from './env.ts'
import { PAGE_NAMES } from './page-heads.ts'

const brand = env.brand

/**
 * Every visible text the spec quotes, verbatim, typos included (decisions §2), so a later
 * correction is one line. Texts of our own that shoppers see more than once live here too.
 * A text with a placeholder is a function of it. Form messages are in `validation` below.
 */
export const messages = {
  brand,
  copyright: `© 2022 ${brand}`,

  // A new build of the app (decisions §8)
  newVersion: `A new version of ${brand} is available`,
  reload: 'Reload',

  // Home (spec §2.2)
  heroTitle: 'HOLIDAY GIFTS',
  heroCta: 'Shop the Gift Guide',
  bestSellers: 'Our Best Sellers',

  // Listings and search (spec §2.3, §2.4, §2.5, §8)
  allProducts: PAGE_NAMES.allProducts,
  moreCategories: 'More Categories',
  // 'Sort By: SELECT' is the sort control's label and its empty option.
  sortBy: 'Sort By:',
  sortUnset: 'SELECT',
  priceLow: 'Price Low',
  priceHigh: 'Price High',
  topRated: 'Top Rated',
  filterCount: (count: number) => `Filter (${count})`,
  showProducts: (count: number) => `Show ${count} Products`,
  clearAll: 'Clear All',
  noProducts: 'No products found',
  viewing: (shown: number, total: number) => `Viewing ${shown} of ${total} products`,
  searchLabel: 'Search products',
  searchEmpty: 'Please type something to search products!',
  searchNoResults: 'No product found!',

  // Product and cart (spec §2.6, §2.7, §4)
  includedWithPurchase: 'Included with this Purchase',
  youMightAlsoLike: 'You Might Also Like',
  addToCart: 'Add to Cart',
  expressCheckout: 'Express Checkout',
  addedToCart: 'Product Added To Cart Succesfully',
  yourCart: PAGE_NAMES.cart,
  cartEmpty: 'Your Shopping cart is empty',
  pickUp: `Pick Up at ${brand} Permimeter Mall`,
  blackFriday: (percent: number) => `${percent}% off for Black Friday`,
  checkoutNow: 'Checkout Now',
  becomeMember: `Become a ${brand} Member for faster checkout`,
  createAccountLink: 'Create an account',
  signIn: 'Sign in',
  promoInvalid: 'Sorry Promo code is Invaild applying default 5$ off',

  // Account (spec §2.8, §2.9, §2.12)
  createYourAccount: 'Create Your Account',
  createAccountHeading: 'Create An Account',
  createAccountText: `Create a ${brand} account with your email address.`,
  createAccountButton: 'create an account',
  welcome: 'Welcome,',
  chooseOne: 'Choose One',
  passwordHint:
    'Your password should contain 6-20 case sensitive characters, at least one numeral, at least one alphabet,special characters allowed.',
  passwordTips: 'Password Tips',
  overview: 'Overview',
  edit: 'Edit',
  saveChanges: 'Save Changes',
  cancel: 'Cancel',

  // Checkout and order confirmation (spec §2.10, §2.11)
  cartCount: (count: number) => `Cart (${count})`,
  shippingAddress: 'Shipping Address',
  changeAddress: 'Change Address',
  standardGround: 'Standard Ground',
  fasterShipping: 'Choose faster shipping',
  paymentOptions: 'Payment Options',
  payWithGiftCard: `Pay with ${brand} gift Card`,
  billingSameAsShipping: 'Use Shipping Address for Billing',
  visaEndingIn: (code: string) => `Visa ending in ${code}`,
  changePayment: 'Change Payment',
  orderReview: 'Order Review',
  orderThanks: 'Thank you for your order!',
  confirmationEmail: 'You will receive an email confirmation shortly at',

  // Customer service (spec §2.1)
  loading: 'Loading...',

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

/** The form messages of spec §5, verbatim; a message two forms share is one entry. */
export const validation = {
  // Shipping address, card and gift card
  fillOut: 'Please fill out this field.',
  // Ours: the spec sets no length limit, so it has no message for one.
  tooLong: (max: number) => `Use at most ${max} characters`,

  // Shipping address (the pincode message is registration's too)
  stateMissing: 'Please select an item in the list',
  pincode: 'Pincode is not valid',
  mobile: 'Phone number is not valid',
  addressEmail: 'Not a proper email',

  // Card and gift card
  cardNumber: 'Card Number is not valid',
  // Ours: the spec names the MM/YY format but gives no message for another.
  expiryFormat: 'Enter the date as MM/YY',
  expiryMonth: 'Invalid Expiration Month',
  expiryPast: 'Invalid Expiration Date has past',
  cvv: 'CVV Number is not valid',
  pin: 'Must be exactly 4 characters',

  // Login
  userNameRequired: 'User Name is required',
  passwordRequired: 'Password is required',

  // Registration (and its password, as login's)
  countryMissing: 'Country is missing.',
  userNameMissing: 'User Name missing',
  phoneInvalid: 'Invalid phone number',

  // Registration and profile
  emailMissing: 'Email Address missing.',
  emailFormat: 'Email is not in proper format',
  confirmEmailMissing: 'Confirm Email Address Missing.',
  emailMismatch: 'Email does not match',
  firstNameMissing: 'First Name missing',
  lastNameMissing: 'Last Name missing',
  confirmPasswordRequired: 'Confirm Password is required',
  passwordMismatch: 'Passwords does not match',

  // Profile. The letters-only message says FirstName for both names (spec §5).
  nameLetters: 'Please enter valid FirstName',
  nameMin: 'Must Contain 3 Characters',
  nameMax: 'Cannot exceed 10 Characters',
  phoneMissing: 'Phone Number missing',
  phoneFormat: 'Enter Valid Phone Number',
  birthDate: 'Enter Date of Birth in the right format',
  currentPasswordRequired: 'Current Password is required',
  currentPasswordMismatch: "Current password doesn't match",
  newPasswordRequired: 'New Password is required',
  newPasswordMin: 'Must Contain 6 Characters',
} as const
