/**
 * Find an order's texts without JavaScript (decisions.md § Orders), apart from the messages every
 * order page shares (lib/page-messages.ts), which the checkout loads too.
 */
export const findOrderNoScriptMessages = {
  // Ours: the form reached the server unreadable (another type, too long, from another site).
  formUnreadable: 'We could not read what was sent. Please fill in the form and send it again.',
  // Ours: the order found without JavaScript, whose Cancel Order needs it.
  cancelNeedsScript: 'Cancelling an order here needs JavaScript.',
}
