import * as v from 'valibot'

/**
 * What one client may do, each limit a setting (docs/operating.md § Limits; decisions.md § Client
 * limits): `LIMIT_…=N/WINDOW`, N a whole number and WINDOW a number of seconds, minutes, hours or
 * days (`30s`, `10m`, `1h`, `1d`; at most a day, the longest the attempts' log keeps).
 */

/** At most `limit` in any `windowMs`. */
export interface Rate {
  limit: number
  windowMs: number
}

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const
/** The longest window a limit may have: the attempts' log keeps entries no longer. */
export const LONGEST_WINDOW_MS = UNIT_MS.d

/** `10/10m` as a rate; undefined when it is not one. */
export function parseRate(text: string): Rate | undefined {
  const match = /^\s*(\d{1,7})\s*\/\s*(\d{1,5})\s*([smhd])\s*$/.exec(text)
  if (!match) return undefined
  const [, limit = '', count = '', unit = 's'] = match
  const windowMs = Number(count) * UNIT_MS[unit as keyof typeof UNIT_MS]
  if (windowMs < 1_000 || windowMs > LONGEST_WINDOW_MS) return undefined
  return { limit: Number(limit), windowMs }
}

/** "an hour", "10 minutes": a window as a sentence says it. */
export function windowInWords(windowMs: number): string {
  const units = [
    ['day', 'a day', UNIT_MS.d],
    ['hour', 'an hour', UNIT_MS.h],
    ['minute', 'a minute', UNIT_MS.m],
  ] as const
  for (const [name, one, ms] of units) {
    if (windowMs % ms !== 0) continue
    return windowMs === ms ? one : `${windowMs / ms} ${name}s`
  }
  return `${Math.round(windowMs / 1000)} seconds`
}

/** "a minute", "40 minutes", "an hour", "2 hours": how long to wait, rounded up to a minute. */
export function waitInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  if (minutes === 1) return 'a minute'
  if (minutes === 60) return 'an hour'
  if (minutes < 120) return `${minutes} minutes`
  return `${Math.ceil(minutes / 60)} hours`
}

const rate = (name: string, fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const parsed = parseRate(dataset.value)
      if (parsed) return parsed
      addIssue({
        message: `${name} must be a count per window, such as ${fallback} (s, m, h or d; at most 1d)`,
      })
      return NEVER
    }),
  )

/** Every limit's setting and default; read by server/config.ts (and checked by docs-check). */
export const limitEnvSchema = v.object({
  LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS: rate(
    'LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS',
    '10/10m',
  ),
  LIMIT_SIGN_IN_FAILURES_PER_ADDRESS: rate('LIMIT_SIGN_IN_FAILURES_PER_ADDRESS', '20/10m'),
  LIMIT_REGISTRATIONS_PER_ADDRESS: rate('LIMIT_REGISTRATIONS_PER_ADDRESS', '50/10m'),
  LIMIT_NAME_CHECKS_PER_ADDRESS: rate('LIMIT_NAME_CHECKS_PER_ADDRESS', '30/1h'),
  LIMIT_RESET_REQUESTS_PER_ADDRESS: rate('LIMIT_RESET_REQUESTS_PER_ADDRESS', '10/1h'),
  LIMIT_RESET_MAILS_PER_ACCOUNT: rate('LIMIT_RESET_MAILS_PER_ACCOUNT', '5/1h'),
  LIMIT_ORDER_LOOKUPS_PER_ADDRESS: rate('LIMIT_ORDER_LOOKUPS_PER_ADDRESS', '20/10m'),
  LIMIT_ORDERS_PER_ADDRESS: rate('LIMIT_ORDERS_PER_ADDRESS', '10/1h'),
  LIMIT_ORDER_UNITS_PER_ADDRESS: rate('LIMIT_ORDER_UNITS_PER_ADDRESS', '100/1h'),
  LIMIT_ORDERS_PER_ACCOUNT: rate('LIMIT_ORDERS_PER_ACCOUNT', '10/1h'),
  LIMIT_ORDER_UNITS_PER_ACCOUNT: rate('LIMIT_ORDER_UNITS_PER_ACCOUNT', '100/1h'),
  LIMIT_ALL_ORDER_UNITS_PER_ADDRESS: rate('LIMIT_ALL_ORDER_UNITS_PER_ADDRESS', '500/1h'),
  LIMIT_ORDER_MAILS_PER_RECIPIENT: rate('LIMIT_ORDER_MAILS_PER_RECIPIENT', '5/1h'),
  LIMIT_REPORTS_PER_ADDRESS: rate('LIMIT_REPORTS_PER_ADDRESS', '30/1m'),
})

type LimitEnv = v.InferOutput<typeof limitEnvSchema>

/** Each limit by what it bounds; what each means: docs/operating.md § Limits. */
export interface ClientLimits {
  /** Wrong passwords one address may try on one account (applies to trusted clients too). */
  signInFailuresPerAccountAndAddress: Rate
  /** Wrong passwords one address may try on any accounts (spraying). */
  signInFailuresPerAddress: Rate
  registrationsPerAddress: Rate
  /** "Username/Email already exists" answers one address may get. */
  nameChecksPerAddress: Rate
  resetRequestsPerAddress: Rate
  /** Reset mails one account may be sent, whoever asks (applies to trusted clients too). */
  resetMailsPerAccount: Rate
  /** Failed order lookups (and guests' cancels) one address may make. */
  orderLookupsPerAddress: Rate
  /** Guest orders one address may place. */
  ordersPerAddress: Rate
  /** Units guest orders from one address may take. */
  orderUnitsPerAddress: Rate
  /** Orders one account may place (applies to trusted clients too). */
  ordersPerAccount: Rate
  /** Units one account's orders may take (applies to trusted clients too). */
  orderUnitsPerAccount: Rate
  /** Units every order from one address may take together, signed-in shoppers' too. */
  allOrderUnitsPerAddress: Rate
  /** Order confirmations one email address may be sent. */
  orderMailsPerRecipient: Rate
  /** Telemetry reports (/api/vitals, /api/client-errors) one address may send, per endpoint. */
  reportsPerAddress: Rate
}

const NAMES: Record<keyof ClientLimits, keyof LimitEnv> = {
  signInFailuresPerAccountAndAddress: 'LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS',
  signInFailuresPerAddress: 'LIMIT_SIGN_IN_FAILURES_PER_ADDRESS',
  registrationsPerAddress: 'LIMIT_REGISTRATIONS_PER_ADDRESS',
  nameChecksPerAddress: 'LIMIT_NAME_CHECKS_PER_ADDRESS',
  resetRequestsPerAddress: 'LIMIT_RESET_REQUESTS_PER_ADDRESS',
  resetMailsPerAccount: 'LIMIT_RESET_MAILS_PER_ACCOUNT',
  orderLookupsPerAddress: 'LIMIT_ORDER_LOOKUPS_PER_ADDRESS',
  ordersPerAddress: 'LIMIT_ORDERS_PER_ADDRESS',
  orderUnitsPerAddress: 'LIMIT_ORDER_UNITS_PER_ADDRESS',
  ordersPerAccount: 'LIMIT_ORDERS_PER_ACCOUNT',
  orderUnitsPerAccount: 'LIMIT_ORDER_UNITS_PER_ACCOUNT',
  allOrderUnitsPerAddress: 'LIMIT_ALL_ORDER_UNITS_PER_ADDRESS',
  orderMailsPerRecipient: 'LIMIT_ORDER_MAILS_PER_RECIPIENT',
  reportsPerAddress: 'LIMIT_REPORTS_PER_ADDRESS',
}

/** The limits the settings give. */
export function clientLimitsOf(env: LimitEnv): ClientLimits {
  return Object.fromEntries(
    Object.entries(NAMES).map(([name, setting]) => [name, env[setting]]),
  ) as unknown as ClientLimits
}

/** The limits with no setting changed. */
export const DEFAULT_CLIENT_LIMITS: ClientLimits = clientLimitsOf(v.parse(limitEnvSchema, {}))

/** The longest window of these limits: how long the attempts' log must keep what it counts. */
export const longestWindow = (limits: ClientLimits) =>
  Math.max(...Object.values(limits).map((rate: Rate) => rate.windowMs))
