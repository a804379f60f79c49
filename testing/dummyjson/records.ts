import * as v from 'valibot'
import catalogue from './recorded/catalogue.json' with { type: 'json' }
import user1 from './recorded/user-1.json' with { type: 'json' }

/** Where DummyJSON's product pictures live; the records point there. */
export const DUMMYJSON_CDN = 'https://cdn.dummyjson.com'

const cdnUrl = v.pipe(v.string(), v.startsWith(`${DUMMYJSON_CDN}/`))

/**
 * What the dialect relies on in a recorded product. Loose objects: the other fields are DummyJSON's
 * and are served as recorded. Only checked, never used as the output (valibot's output would
 * reorder keys, and the point of the dialect is to serve the records verbatim).
 */
const productSchema = v.looseObject({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  title: v.string(),
  description: v.string(),
  category: v.pipe(v.string(), v.regex(/^[a-z][a-z-]*$/)),
  price: v.number(),
  rating: v.number(),
  brand: v.optional(v.string()),
  meta: v.looseObject({ qrCode: cdnUrl }),
  images: v.pipe(v.array(cdnUrl), v.minLength(1)),
  thumbnail: cdnUrl,
})

const catalogueSchema = v.pipe(
  v.array(productSchema),
  v.minLength(1),
  v.check(
    (products) => new Set(products.map((p) => p.id)).size === products.length,
    'duplicate id',
  ),
)

const addressSchema = v.looseObject({
  coordinates: v.looseObject({ lat: v.number(), lng: v.number() }),
})

const userSchema = v.looseObject({
  id: v.literal(1),
  username: v.string(),
  password: v.string(),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  gender: v.string(),
  image: v.string(),
  hair: v.looseObject({}),
  address: addressSchema,
  bank: v.looseObject({}),
  company: v.looseObject({ address: addressSchema }),
  crypto: v.looseObject({}),
})

// Input types: what the files hold (the schemas transform nothing, so it is also what they check).
export type DummyProduct = v.InferInput<typeof productSchema>
export type DummyUser = v.InferInput<typeof userSchema>

// Imported, not read from disk: the same records serve Node (the dialect's process) and the SPA's
// component tests in jsdom, where a module's URL is not a file.
function readRecord<S extends v.GenericSchema>(
  file: string,
  data: unknown,
  schema: S,
): v.InferInput<S> {
  // The input itself, not valibot's output: key order and every unchecked field stay as recorded.
  if (v.is(schema, data)) return data
  const issue = v.safeParse(schema, data).issues?.[0]
  throw new Error(
    `recorded/${file}: ${issue ? `${v.getDotPath(issue) ?? ''} ${issue.message}` : ''}`,
  )
}

let records: { products: readonly DummyProduct[]; user: DummyUser } | undefined

/** The recorded catalogue (93 real DummyJSON products) and user 1, read and checked once. */
export function loadRecords() {
  records ??= {
    products: readRecord('catalogue.json', catalogue, catalogueSchema),
    user: readRecord('user-1.json', user1, userSchema),
  }
  return records
}
