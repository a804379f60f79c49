import type { Clock } from '../clock.ts'
import { tooMany } from '../http/refusal.ts'
import {
  fits,
  secondsUntilItFits,
  type Allowance,
  type Reservation,
} from '../limits/attempt-log.ts'
import {
  waitInWords,
  windowInWords,
  type ClientLimits,
  type Rate,
} from '../limits/limit-settings.ts'

/**
 * What one client may order (decisions.md § Client limits, denial of inventory): there is no
 * payment, so an order is a promise, and without a bound one client could take the whole shop's
 * stock, or send a stranger order mail after order mail. Counted in the database (the attempts'
 * log), so every replica counts the same, in the order's own transaction before its stock is
 * taken: an order not placed (short of stock, a key already used) takes no share.
 *
 * - a guest's orders, per address: `ordersPerAddress` orders, `orderUnitsPerAddress` units;
 * - a signed-in shopper's, per account: `ordersPerAccount`, `orderUnitsPerAccount`;
 * - every order from one address together, signed-in ones too: `allOrderUnitsPerAddress` units,
 *   so accounts registered by the dozen from one address cannot multiply the guest bound;
 * - each recipient: `orderMailsPerRecipient` confirmations.
 * TRUSTED_CLIENTS are not held to the bounds keyed on an address or a recipient; an account's are
 * theirs still.
 */

export type OrderLimits = Pick<
  ClientLimits,
  | 'ordersPerAddress'
  | 'orderUnitsPerAddress'
  | 'ordersPerAccount'
  | 'orderUnitsPerAccount'
  | 'allOrderUnitsPerAddress'
  | 'orderMailsPerRecipient'
>

/** The bound an order went past, as the refusals' metric labels it. */
export type OrderBound =
  | 'orders-per-address'
  | 'units-per-address'
  | 'orders-per-account'
  | 'units-per-account'
  | 'all-units-per-address'
  | 'mails-per-recipient'

interface Bounded extends Allowance {
  bound: OrderBound
  rate: Rate
}

export interface OrderingClient {
  /** The request's client key (server/http/client-address.ts). */
  client: string
  /** The signed-in shopper, or null for a guest. */
  userId: number | null
  /** Where the confirmation goes. */
  email: string
  /** The units the order takes. */
  units: number
}

/** Why an order past a bound is refused, in words a shopper understands (the checkout shows it). */
function refusalMessage(bound: OrderBound, rate: Rate, wait: string): string {
  const per = windowInWords(rate.windowMs)
  const reason: Record<OrderBound, string> = {
    'orders-per-address': `We take at most ${rate.limit} orders ${per} from one shopper, and this would be one more.`,
    'orders-per-account': `We take at most ${rate.limit} orders ${per} from one account, and this would be one more.`,
    'units-per-address': `We take at most ${rate.limit} items ${per} from one shopper, and this order would go past that.`,
    'units-per-account': `We take at most ${rate.limit} items ${per} from one account, and this order would go past that.`,
    'all-units-per-address': `We take at most ${rate.limit} items ${per} from one internet address, and this order would go past that.`,
    'mails-per-recipient': `We send at most ${rate.limit} order confirmations ${per} to one email address, and this order's would be one more.`,
  }
  return `${reason[bound]} Your cart is kept: please try again in ${wait}.`
}

export function createOrderLimits({
  clock,
  limits,
  trusted,
  refused,
}: {
  clock: Clock
  limits: OrderLimits
  trusted: (client: string) => boolean
  /** Counts a refusal by the bound that made it. */
  refused?: (bound: OrderBound) => void
}) {
  const allowance = (bound: OrderBound, key: string, rate: Rate, weight: number, now: number) => ({
    bound,
    rate,
    key,
    since: now - rate.windowMs,
    limit: rate.limit,
    weight,
  })

  return {
    /**
     * What an order from `who` draws on its bounds at `now`: an allowance each, reserved all or
     * none in the order's own transaction (server/orders/place-flow.ts). None for a trusted
     * client's guest order.
     */
    allowancesFor({ client, userId, email, units }: OrderingClient, now = clock.now()): Bounded[] {
      const byAddress = !trusted(client)
      const guest = userId === null
      const { ordersPerAddress, orderUnitsPerAddress, ordersPerAccount, orderUnitsPerAccount } =
        limits
      return [
        ...(guest && byAddress
          ? [
              allowance('orders-per-address', `orders:${client}`, ordersPerAddress, 1, now),
              allowance('units-per-address', `units:${client}`, orderUnitsPerAddress, units, now),
            ]
          : []),
        ...(guest
          ? []
          : [
              allowance('orders-per-account', `orders:user:${userId}`, ordersPerAccount, 1, now),
              allowance(
                'units-per-account',
                `units:user:${userId}`,
                orderUnitsPerAccount,
                units,
                now,
              ),
            ]),
        ...(byAddress
          ? [
              allowance(
                'all-units-per-address',
                `all-units:${client}`,
                limits.allOrderUnitsPerAddress,
                units,
                now,
              ),
              allowance(
                'mails-per-recipient',
                `order-mails:${email.toLowerCase()}`,
                limits.orderMailsPerRecipient,
                1,
                now,
              ),
            ]
          : []),
      ]
    },

    /**
     * The refusal of an order its allowances did not fit (429, with Retry-After and a message the
     * checkout shows): the bound that keeps the client waiting longest is the one named.
     */
    refuse(allowances: readonly Allowance[], reservation: Reservation, now: number): never {
      const bounded = allowances as readonly Bounded[]
      const waits = bounded.map((each, i) => {
        const seen = reservation.entries[i] ?? []
        return fits(each, seen) ? 0 : secondsUntilItFits(each, seen, each.rate.windowMs, now)
      })
      const longest = waits.indexOf(Math.max(...waits))
      const bound = bounded[longest] as Bounded
      const seconds = Math.max(1, waits[longest] ?? 1)
      refused?.(bound.bound)
      throw tooMany(refusalMessage(bound.bound, bound.rate, waitInWords(seconds)), seconds, {
        bound: bound.bound,
        retryAfter: seconds,
      })
    },
  }
}

export type OrderLimiter = ReturnType<typeof createOrderLimits>
