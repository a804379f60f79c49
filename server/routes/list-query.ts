import { HTTPException } from 'hono/http-exception'

/** The common list parameters of the API contract (limit, skip, select, sortBy, order). */
export interface ListQuery {
  limit: number
  skip: number
  select: readonly string[] | undefined
  sortBy: string | undefined
  order: 'asc' | 'desc'
}

export const DEFAULT_LIMIT = 30
// ours: a page is at most 100 items unless the client asks for everything with limit=0.
export const MAX_LIMIT = 100
const MAX_SELECT_KEYS = 40

type Read = (name: string) => string | undefined

function wholeNumber(read: Read, name: 'limit' | 'skip', fallback: number): number {
  const raw = read(name)?.trim()
  if (raw === undefined || raw === '') return fallback
  if (/^-\d+$/.test(raw))
    throw new HTTPException(400, { message: `Invalid '${name}' - must not be negative` })
  if (!/^\d+$/.test(raw))
    throw new HTTPException(400, { message: `Invalid '${name}' - must be a number` })
  return Number(raw)
}

/**
 * The list parameters of a request. With `fields`, the fields its items have, the query is also
 * made canonical: a sort by a field no item has (which leaves the order as it is) is dropped, and
 * `select` keeps the fields that exist, each once, in one order; so two addresses whose answers
 * are the same read the same (`listQueryKey`), whatever junk they carry.
 */
export function parseListQuery(read: Read, fields?: ReadonlySet<string>): ListQuery {
  const requested = wholeNumber(read, 'limit', DEFAULT_LIMIT)
  // limit=0 means "all remaining" (contract); MAX_LIMIT only caps explicit page sizes.
  const limit = requested === 0 ? 0 : Math.min(requested, MAX_LIMIT)
  const skip = wholeNumber(read, 'skip', 0)
  const sortBy = read('sortBy')?.trim() || undefined
  let order: 'asc' | 'desc' = 'asc'
  if (sortBy) {
    const raw = read('order')?.trim().toLowerCase() || 'asc'
    if (raw !== 'asc' && raw !== 'desc')
      throw new HTTPException(400, { message: "Order can be: 'asc' or 'desc'" })
    order = raw
  }
  const selectRaw = read('select')
  const selected = selectRaw
    ?.split(',')
    .map((key) => key.trim())
    .filter(Boolean)
    .slice(0, MAX_SELECT_KEYS)
  if (!fields) return { limit, skip, select: selected, sortBy, order }
  const known = sortBy !== undefined && fields.has(sortBy)
  return {
    limit,
    skip,
    select: selected && [...new Set(selected.filter((key) => fields.has(key)))].sort(),
    sortBy: known ? sortBy : undefined,
    order: known ? order : 'asc',
  }
}

/**
 * A canonical list query as text: what the answer cache keys a list on (decisions.md §
 * Operations, caches), rather than the address, whose other parameters change nothing.
 */
export function listQueryKey({ limit, skip, select, sortBy, order }: ListQuery): string {
  const selecting = select ? `&select=${select.join(',')}` : ''
  const sorting = sortBy ? `&sortBy=${sortBy}&order=${order}` : ''
  return `limit=${limit}&skip=${skip}${selecting}${sorting}`
}

type Item = Readonly<Record<string, unknown>>

/** Sort keys of a list's own (ours), each a number worked out from an item rather than a field of it. */
export type SortKeys<T> = Readonly<Record<string, (item: T) => number>>

/**
 * Sorts by one of `keys`, else by a top-level field when every item has a number or string there;
 * otherwise order is unchanged.
 */
function sortItems<T extends Item>(
  items: readonly T[],
  sortBy: string | undefined,
  order: 'asc' | 'desc',
  keys: SortKeys<T>,
): readonly T[] {
  if (!sortBy) return items
  const key = Object.hasOwn(keys, sortBy) ? keys[sortBy] : undefined
  const values = items.map((item) =>
    key ? key(item) : Object.hasOwn(item, sortBy) ? item[sortBy] : undefined,
  )
  const kind = typeof values[0]
  if ((kind !== 'number' && kind !== 'string') || values.some((value) => typeof value !== kind))
    return items
  const direction = order === 'asc' ? 1 : -1
  const compare = (a: unknown, b: unknown) =>
    kind === 'number' ? (a as number) - (b as number) : String(a).localeCompare(String(b))
  // Index pairs keep the sort stable and avoid re-reading fields.
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => direction * compare(values[a.index], values[b.index]) || a.index - b.index)
    .map(({ item }) => item)
}

/** The item's `keys` and its id, in the item's own order (whatever order `select` named them in). */
function selectKeys(item: Item, keys: readonly string[] | undefined): Item {
  if (!keys) return item
  const wanted = new Set(keys)
  const picked: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(item))
    if (key === 'id' || wanted.has(key)) picked[key] = value
  return picked
}

export type ListEnvelope<K extends string> = Record<K, Item[]> & {
  total: number
  skip: number
  limit: number
}

/**
 * `{ <plural>: [...], total, skip, limit }` where limit is the number actually returned.
 * `present` runs only on the page, after sorting and slicing, so a page of 30 costs 30 conversions.
 */
export function listEnvelope<K extends string, T extends Item>(
  plural: K,
  items: readonly T[],
  query: ListQuery,
  present: (item: T) => Item = (item) => item,
  sortKeys: SortKeys<T> = {},
): ListEnvelope<K> {
  const sorted = sortItems(items, query.sortBy, query.order, sortKeys)
  const end = query.limit === 0 ? undefined : query.skip + query.limit
  const page = sorted.slice(query.skip, end).map((item) => selectKeys(present(item), query.select))
  return {
    [plural]: page,
    total: items.length,
    skip: query.skip,
    limit: page.length,
  } as ListEnvelope<K>
}
