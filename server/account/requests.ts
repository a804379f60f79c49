import * as v from 'valibot'
import { addressSchema } from '../../shared/address/address.schema.ts'
import { MAX_LINE_QUANTITY } from '../../shared/cart/line-quantity.ts'
import { lineKey } from './account-store.ts'
import { MAX_CART_LINES, MAX_SAVED_ITEMS } from './sync-rules.ts'

// The bodies of PATCH and POST account/state/merge (docs/api.md § Account state). Their counts
// bound what one request can make the server do: at most 100 cart and 200 saved entries, in a
// body of at most 64 KiB.

const id = v.pipe(
  v.number("expected a product's id"),
  v.integer("expected a product's id"),
  v.minValue(1, "expected a product's id"),
)
const sku = v.optional(
  v.pipe(
    v.string("expected a variant's SKU"),
    v.minLength(1, "expected a variant's SKU"),
    v.maxLength(80, "expected a variant's SKU"),
  ),
)
const quantity = (min: number) =>
  v.pipe(
    v.number('expected a whole number'),
    v.integer('expected a whole number'),
    v.minValue(min, `at least ${min}`),
    v.maxValue(MAX_LINE_QUANTITY, `at most ${MAX_LINE_QUANTITY}`),
  )
/** A time in milliseconds since 1970, by the device's clock. */
const time = v.pipe(
  v.number('expected a time in milliseconds'),
  v.finite('expected a time in milliseconds'),
  v.minValue(0, 'expected a time in milliseconds'),
  v.maxValue(Number.MAX_SAFE_INTEGER, 'expected a time in milliseconds'),
)

/** A list of at most `max` entries, each line at most once. */
const lines = <T extends v.GenericSchema<unknown, { id: number; sku?: string }>>(
  entry: T,
  max: number,
  what: string,
) =>
  v.pipe(
    v.array(entry, `expected a list of ${what}`),
    v.maxLength(max, `at most ${max} ${what}`),
    v.check(
      (items) => new Set(items.map(lineKey)).size === items.length,
      'each line at most once (a product, or one of its variants)',
    ),
  )

/** PATCH: the device's changes since it last agreed with the server, each with its time. */
export const changesSchema = v.object({
  sentAt: time,
  cart: v.optional(
    lines(
      v.object({ id, sku, quantity: quantity(0), changedAt: time }),
      MAX_CART_LINES,
      'cart changes',
    ),
    [],
  ),
  saved: v.optional(
    lines(
      v.object({ id, sku, saved: v.boolean('expected true or false'), changedAt: time }),
      MAX_SAVED_ITEMS,
      'saved changes',
    ),
    [],
  ),
  address: v.optional(v.object({ value: v.nullable(addressSchema), changedAt: time })),
})

/** POST merge: the device's guest copy, as it signs in. */
export const guestSchema = v.object({
  cart: v.optional(
    lines(v.object({ id, sku, quantity: quantity(1) }), MAX_CART_LINES, 'cart lines'),
    [],
  ),
  saved: v.optional(lines(v.object({ id, sku }), MAX_SAVED_ITEMS, 'saved items'), []),
  address: v.optional(v.nullable(addressSchema), null),
})

export type Changes = v.InferOutput<typeof changesSchema>
export type Guest = v.InferOutput<typeof guestSchema>
