import { Hono, type Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import {
  ADDRESS_KEY,
  lineKey,
  type AccountStateStore,
  type StoredState,
} from '../account/account-store.ts'
import { sellable, stockOf } from '../account/lines.ts'
import { presentCopy } from '../account/present.ts'
import { changesSchema, guestSchema, type Changes } from '../account/requests.ts'
import { applyChanges, changeTime, mergeGuest, refOf, type Change } from '../account/sync-rules.ts'
import type { Authenticate } from '../auth/authenticate.ts'
import type { Clock } from '../clock.ts'
import { jsonBody } from '../http/body.ts'
import { Refusal } from '../http/refusal.ts'
import { matchesIfNoneMatch } from '../http/representation.ts'
import type { RequestRecord } from '../observability/request-log.ts'
import type { LiveStock } from '../orders/live-stock.ts'

export interface AccountStateRoutesDeps {
  store: AccountStateStore
  /** The catalogue with its live stock, which fills each stored line. */
  live: LiveStock
  authenticate: Authenticate
  clock: Clock
  /** A picture's URL as the product API answers it, for this request's origin. */
  thumbnailOf: (c: Context, path: string) => string
}

type Env = { Bindings: Partial<RequestRecord>; Variables: { userId: number } }

/** A line the catalogue does not sell, named so the device can drop it and send the rest. */
interface Rejected {
  kind: 'cart' | 'saved'
  id: number
  sku?: string
}

/**
 * ours: the account's copy of its cart, saved items and address (docs/api.md § Account state;
 * decisions.md § Sync). A shopper reads and writes only the copy of the user their token names:
 * no user id is in the path. Every answer is personal (no-store, set where the app mounts it).
 */
export function accountStateRoutes({
  store,
  live,
  authenticate,
  clock,
  thumbnailOf,
}: AccountStateRoutesDeps) {
  /** The token's user, before the body is read: 401 for none, or a session that ended. */
  const signedIn = createMiddleware<Env>(async (c, next) => {
    c.set('userId', (await authenticate(c)).claims.sub)
    await next()
  })

  const etagOf = (state: StoredState) => `"${state.version}"`
  const answer = (c: Context<Env>, state: StoredState, extra: Record<string, unknown> = {}) =>
    c.json(
      { ...presentCopy(state, live.catalogue, (path) => thumbnailOf(c, path)), ...extra },
      200,
      { ETag: etagOf(state) },
    )

  /** The changes as the server takes them; 400 naming every line the catalogue does not sell. */
  const changesOf = (body: Changes, now: number): Change[] => {
    const rejected: Rejected[] = []
    let first: string | undefined
    const check = (kind: Rejected['kind'], lines: readonly { id: number; sku?: string }[]) =>
      lines.forEach((line, index) => {
        const found = sellable(live.catalogue, line)
        if (!('problem' in found)) return
        rejected.push({ kind, ...refOf(line) })
        first ??= `Invalid '${kind}.${index}.${found.field}': ${found.problem}`
      })
    check('cart', body.cart)
    check('saved', body.saved)
    if (first) throw new Refusal(400, first, { fields: { rejected } })

    const at = (changedAt: number) => changeTime(now, body.sentAt, changedAt)
    return [
      ...body.cart.map((line): Change => ({
        kind: 'cart',
        key: lineKey(line),
        value: line.quantity > 0 ? { ...refOf(line), quantity: line.quantity } : null,
        changedAt: at(line.changedAt),
      })),
      ...body.saved.map((item): Change => ({
        kind: 'saved',
        key: lineKey(item),
        value: item.saved ? refOf(item) : null,
        changedAt: at(item.changedAt),
      })),
      ...(body.address
        ? [
            {
              kind: 'address',
              key: ADDRESS_KEY,
              value: body.address.value,
              changedAt: at(body.address.changedAt),
            } satisfies Change,
          ]
        : []),
    ]
  }

  return new Hono<Env>()
    .get('/', signedIn, async (c) => {
      const state = await store.read(c.var.userId)
      if (matchesIfNoneMatch(c.req.header('If-None-Match'), etagOf(state)))
        return c.body(null, 304, { ETag: etagOf(state) })
      return answer(c, state)
    })
    .patch('/', signedIn, jsonBody(changesSchema, { nameFields: true }), async (c) => {
      const now = clock.now()
      const changes = changesOf(c.req.valid('json'), now)
      const { state, outcome } = await store.write(c.var.userId, (stored) =>
        applyChanges(stored, changes, now),
      )
      if (outcome.refused) throw new HTTPException(400, { message: outcome.refused })
      return answer(c, state)
    })
    .post('/merge', signedIn, jsonBody(guestSchema, { nameFields: true }), async (c) => {
      const now = clock.now()
      const guest = c.req.valid('json')
      // A sign-in does not fail over a line the catalogue no longer sells: it is dropped, and named.
      const { state, outcome } = await store.write(c.var.userId, (stored) =>
        mergeGuest(stored, guest, (line) => stockOf(live.catalogue, line), now),
      )
      if (outcome.refused) throw new HTTPException(400, { message: outcome.refused })
      return answer(c, state, { dropped: outcome.dropped })
    })
}
