/**
 * What Place Order says as it sends the order to our server (decisions.md § Orders): the
 * checkout's alone, so they load with it rather than with every page.
 */
export const placeOrderMessages = {
  placing: 'Placing your order…',
  placingSlowly:
    'Still placing your order: the connection is slow. Your order will be placed once.',
  waitingOffline: "We'll send your order when you're back online",
  repriced: (total: string) =>
    `The total has changed since you saw it: it is now ${total}. Review it and place your order again to accept it.`,
  short: (lines: string) =>
    `Not enough stock for ${lines}, so nothing was ordered. Your cart has been corrected: review it and place your order again.`,
  notPlaced: (reason: string) => `Your order could not be placed: ${reason}`,
  retryLater: 'Your order could not be sent just now. Place Order tries again with the same order.',
  placedLater: (number: string) => `Your order ${number} has been placed.`,
} as const
