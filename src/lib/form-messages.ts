import { ADDRESS_MESSAGES } from '../../shared/address/address.schema.ts'

/**
 * The form messages of rules.md § Validation rules, verbatim; a message two forms share is one
 * entry. The shipping address's are with its rules, which the server checks too.
 */
export const validation = {
  // Shipping address, card and gift card ('Please fill out this field.'); registration's pincode
  ...ADDRESS_MESSAGES,

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

  // Profile. The letters-only message says FirstName for both names (rules.md § Validation rules).
  nameLetters: 'Please enter valid FirstName',
  nameMin: 'Must Contain 3 Characters',
  nameMax: 'Cannot exceed 10 Characters',
  phoneMissing: 'Phone Number missing',
  phoneFormat: 'Enter Valid Phone Number',
  birthDate: 'Enter Date of Birth in the right format',
  // Ours: a date of birth must exist and not lie ahead (the spec checks only its format).
  birthDateUnreal: 'Enter a Date of Birth that exists',
  birthDateFuture: 'Date of Birth cannot be in the future',
  currentPasswordRequired: 'Current Password is required',
  currentPasswordMismatch: "Current password doesn't match",
  newPasswordRequired: 'New Password is required',
  newPasswordMin: 'Must Contain 6 Characters',

  // Ours: the password hint's rule (6-20 characters, a letter and a digit) for every new password,
  // as the server enforces it, and a user name's characters.
  passwordMax: 'Cannot exceed 20 Characters',
  passwordMix: 'Must contain a letter and a number',
  userNameUnseen: 'User Name must not contain spaces, invisible or control characters',
  // Ours: the registration's birth day must be a day of its month.
  dayNotInMonth: (month: string, days: number) => `${month} has only ${days} days`,

  // Ours: Find an order (rules.md § Added features), in the style of the spec's messages.
  orderNumberMissing: 'Order Number missing',
  orderNumberFormat: 'Order Number is not valid',
} as const
