import { PAGE_NAMES } from '../../lib/head/rules.ts'

// Their own module, not lib/page-messages.ts: every page that loads the shared messages would
// carry these too, and only the two reset pages and the sign-in form's link use them.
/** Forgot password and the reset page (rules.md § Password reset). */
export const passwordResetMessages = {
  forgotPassword: 'Forgot password?',
  forgotHeading: PAGE_NAMES.forgotPassword,
  forgotIntro:
    'Enter the email address of your account, and we will send it a link to choose a new password.',
  sendLink: 'Send Link',
  sending: 'Sending…',
  // The same answer whether or not an account has the address: it tells no one who has one.
  sent: 'If an account uses that address, we have sent it a link',
  sentHint:
    'The link works once, for 30 minutes. If no mail arrives in a few minutes, check your spam folder or try again.',
  anotherAddress: 'Use another address',
  backToSignIn: 'Back to Sign In',
  resetHeading: PAGE_NAMES.resetPassword,
  checking: 'Checking your link…',
  checkFailed: 'Your link could not be checked.',
  retry: 'Retry',
  resetIntro: 'Choose the password you will sign in with from now on.',
  otherDevices: 'Saving it signs you out on every other device.',
  resetButton: 'Reset Password',
  saving: 'Saving…',
  expired: 'This link has expired: a link to reset your password works for 30 minutes.',
  used: 'This link was already used: each link works once, and using one ends the others.',
  invalid:
    'This link is not valid. Open the link from the mail again, copied whole, or ask for a new one.',
  newLink: 'Send me a new link',
  // Shown on My Account, where a reset takes the shopper, signed in.
  done: 'Your password has been reset, and you are signed in',
  unavailable:
    "Resetting a password is not available with this shop's catalogue service: it keeps no accounts of its own.",
} as const
