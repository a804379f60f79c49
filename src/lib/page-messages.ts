import { env } from './env.ts'
import { PAGE_NAMES } from './head/rules.ts'

const brand = env.brand

/*
 * The texts of one page each, verbatim from the spec: an object per page, so each page's code
 * carries its own and not the entry (messages.ts says where the other texts are).
 */

/** The listings' and search's texts (rules.md § Header and footer, § Product listings, § Search, § Error messages). */
export const listingMessages = {
  // 'Sort By: SELECT' is the sort control's label and its empty option.
  sortBy: 'Sort By:',
  sortUnset: 'SELECT',
  filterCount: (count: number) => `Filter (${count})`,
  showProducts: (count: number) => `Show ${count} Products`,
  clearAll: 'Clear All',
  noProducts: 'No products found',
  viewing: (shown: number, total: number) => `Viewing ${shown} of ${total} products`,
  searchLabel: 'Search products',
  searchEmpty: 'Please type something to search products!',
  searchNoResults: 'No product found!',
} as const

/** The product page's texts (rules.md § Product page, § State changes). */
export const productMessages = {
  // Product and cart (rules.md § Product page, § Cart, § State changes)
  includedWithPurchase: 'Included with this Purchase',
  youMightAlsoLike: 'You Might Also Like',
  addToCart: 'Add to Cart',
  expressCheckout: 'Express Checkout',
  addedToCart: 'Product Added To Cart Succesfully',
  // A product's options (rules.md § Options and variants): what a value that cannot be bought says.
  soldOut: 'Sold out',
  notAvailableIn: (others: string) => `Not available in ${others}`,
} as const

/** The cart's texts (rules.md § Cart, § State changes, § Validation rules). */
export const cartMessages = {
  yourCart: PAGE_NAMES.cart,
  cartEmpty: 'Your Shopping cart is empty',
  pickUp: `Pick Up at ${brand} Permimeter Mall`,
  blackFriday: (percent: number) => `${percent}% off for Black Friday`,
  checkoutNow: 'Checkout Now',
  becomeMember: `Become a ${brand} Member for faster checkout`,
  createAccountLink: 'Create an account',
  signIn: 'Sign in',
  promoInvalid: 'Sorry Promo code is Invaild applying default 5$ off',
} as const

/** Sign-in, registration, the account modal and page (rules.md § Sign-in and registration, § Account modal, § My account). */
export const accountMessages = {
  // Account (rules.md § Sign-in and registration, § Account modal, § My account)
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
  // An API that only simulates writes (the public demo API) said yes but kept nothing.
  registrationNotKept:
    'Your account was not kept: this catalogue service is a demo that does not store new accounts, so it cannot sign you in. You can still shop and check out without an account.',
  profileNotKept:
    'Your changes were not kept: this catalogue service is a demo that does not store them. Your details are shown as the service still has them.',
} as const

/** Checkout and order confirmation (rules.md § Checkout, § Order confirmation). */
export const checkoutMessages = {
  // Checkout and order confirmation (rules.md § Checkout, § Order confirmation)
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
} as const

/** My Purchases and Find an order (rules.md § Added features). */
export const orderMessages = {
  noOrdersOnDevice: 'You have not placed an order on this device yet.',
  // A signed-in shopper's list holds the account's orders from every device too.
  noOrders: 'You have not placed an order yet.',
  loadingOthers: 'Loading the orders from your other devices…',
  othersOffline: 'You are offline, so orders from your other devices could not be loaded.',
  othersFailed: 'Orders from your other devices could not be loaded just now.',
  retry: 'Retry',
  findAnOrder: PAGE_NAMES.findOrder,
  findGuestOrder: 'Placed an order without signing in, or on another device?',
  findThisOrder: 'To see this order again from any device, use its number and your email:',
  findIntro:
    'Enter the order number from your confirmation email and the email address the order was placed with.',
  orderNumberHint: 'It starts with MRD-, for example MRD-7K2P9QXA4M.',
  find: 'Find Order',
  finding: 'Finding your order…',
  notFound: 'We could not find an order with that number and email.',
  lookupUnavailable:
    "Finding an order by its number is not available with this shop's catalogue service: its orders are kept on the device they were placed on.",
  seeMyPurchases: 'See My Purchases',
  track: 'Track your parcel',
  cancelOrder: 'Cancel Order',
  cancelQuestion: (number: string) =>
    `Cancel order ${number}? Its items will not be sent, and this cannot be undone.`,
  confirmCancel: 'Yes, Cancel Order',
  cancelling: 'Cancelling…',
  keepOrder: 'Keep Order',
  cancelled: (number: string) =>
    `Order ${number} is cancelled. We have sent you an email to say so.`,
} as const
