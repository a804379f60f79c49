import * as v from 'valibot'
import { requestJson } from '../../lib/api-client.ts'
import { bearer } from '../../lib/bearer.ts'
import { ApiError } from '../../lib/api-error.ts'
import { storedAddressSchema } from '../address/address.atoms.ts'
import { cartSchema } from '../cart/cart.schemas.ts'
import { savedItemsSchema } from '../saved/saved.atoms.ts'
import type { CopyChanges, ShoppingCopy } from './device-copy.ts'

const lineNamed = v.object({
  kind: v.picklist(['cart', 'saved']),
  id: v.number(),
  sku: v.optional(v.string()),
})

export type NamedLine = v.InferOutput<typeof lineNamed>

/** The account's copy as the API answers it (docs/api.md § Account state). */
const copySchema = v.object({
  version: v.pipe(v.number(), v.integer(), v.minValue(0)),
  cart: cartSchema,
  saved: savedItemsSchema,
  address: storedAddressSchema,
  /** A sign-in's guest lines the server could not know (their product is gone). */
  dropped: v.optional(v.array(lineNamed)),
})

export type AccountCopy = v.InferOutput<typeof copySchema>

/** A 400's body naming the lines the server refused: unknown products or variants. */
const refusalSchema = v.object({ rejected: v.array(lineNamed) })

/** The lines an error refused, when it is that refusal. */
export function refusedLines(error: unknown): NamedLine[] | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || error.failure.kind !== 'http')
    return undefined
  const body = v.safeParse(refusalSchema, error.failure.body)
  return body.success ? body.output.rejected : undefined
}

const NO_CACHE = { cache: 'no-store' } as const

/** GET account/state: the copy, or `unchanged` when it is still `version`. */
export async function fetchCopy(
  token: string,
  version?: number,
  signal?: AbortSignal,
): Promise<AccountCopy | 'unchanged'> {
  try {
    return await requestJson(copySchema, 'account/state', {
      ...NO_CACHE,
      signal,
      headers: {
        ...bearer(token),
        ...(version !== undefined && { 'If-None-Match': `"${version}"` }),
      },
    })
  } catch (error) {
    if (error instanceof ApiError && error.status === 304) return 'unchanged'
    throw error
  }
}

/** PATCH account/state: this device's changes; the copy after them. */
export function sendChanges(
  token: string,
  changes: CopyChanges,
  sentAt: number,
  signal?: AbortSignal,
) {
  return requestJson(copySchema, 'account/state', {
    ...NO_CACHE,
    signal,
    method: 'patch',
    headers: bearer(token),
    json: { sentAt, ...changes },
  })
}

/** POST account/state/merge: signing in, this device's guest copy into the account's. */
export function mergeGuestCopy(token: string, guest: ShoppingCopy, signal?: AbortSignal) {
  const line = ({ id, variant }: { id: number; variant?: { sku: string } }) => ({
    id,
    ...(variant && { sku: variant.sku }),
  })
  return requestJson(copySchema, 'account/state/merge', {
    ...NO_CACHE,
    signal,
    method: 'post',
    headers: bearer(token),
    json: {
      cart: guest.cart.map((cartLine) => ({ ...line(cartLine), quantity: cartLine.quantity })),
      saved: guest.saved.map(line),
      address: guest.address,
    },
  })
}
