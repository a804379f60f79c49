import { DummyJsonError } from './http.ts'

/**
 * The query options DummyJSON reads on every request (its `clean-request` middleware), with its
 * exact rules: `Number()` to validate, `parseInt()` to use, so `limit=1.5` is 1, `limit=-1` drops
 * the last item, `limit=` returns nothing and echoes `skip: null`. Deliberately not our contract's
 * list-query.ts (that one caps limit at 100 and rejects negatives).
 */
export interface DummyOptions {
  limit: number
  skip: number
  delay: number
  /** `['id', …requested]`, unknown keys included (they just come out missing). */
  select: string[] | undefined
  q: string
  sortBy: string | undefined
  order: string | undefined
}

/** One query value the way Express's qs parser gives it: absent, a string, or an array when repeated. */
type Raw = string | string[] | undefined

function read(params: URLSearchParams, name: string): Raw {
  const all = params.getAll(name)
  return all.length === 0 ? undefined : all.length === 1 ? all[0] : all
}

const isNumber = (value: unknown) => !Number.isNaN(Number(value))
const searchText = (q: string) => q.trim().toLowerCase().split('-').join(' ')

export function readOptions(params: URLSearchParams): DummyOptions {
  const limit = read(params, 'limit') ?? '30'
  const skip = read(params, 'skip') ?? '0'
  const q = read(params, 'q')
  const delay = read(params, 'delay')
  const sortBy = params.get('sortBy') || undefined
  const selectRaw = read(params, 'select')
  let order = params.get('order') || undefined

  if (!isNumber(limit)) throw new DummyJsonError(400, `Invalid 'limit' - must be a number`)
  if (!isNumber(skip)) throw new DummyJsonError(400, `Invalid 'skip' - must be a number`)

  let search = ''
  const valueSearch = params.get('q[valueSearch]')
  if (typeof q === 'string') search = searchText(q)
  else if (q === undefined && valueSearch !== null) search = searchText(valueSearch)
  else if (q) throw new DummyJsonError(400, `Invalid 'q' - must be a string`)

  if (delay) {
    if (!isNumber(delay)) throw new DummyJsonError(400, 'Delay must be a number in milliseconds')
    if (Number(delay) > 5000)
      throw new DummyJsonError(400, 'Delay cannot be greater than 5 seconds')
    if (Number(delay) < 0) throw new DummyJsonError(400, 'Delay cannot be less than 0')
  }

  let select: string[] | undefined
  if (Array.isArray(selectRaw)) select = ['id', ...selectRaw]
  else if (selectRaw) select = ['id', ...selectRaw.split(',')]

  if (order && sortBy) {
    order = order.toLowerCase()
    if (order !== 'asc' && order !== 'desc')
      throw new DummyJsonError(400, `Order can be: 'asc' or 'desc'`)
  }
  if (sortBy && !order) order = 'asc'

  return {
    limit: parseInt(String(limit), 10),
    skip: parseInt(String(skip), 10),
    delay: parseInt(String(delay), 10),
    select,
    q: search,
    sortBy,
    order,
  }
}

type Item = Readonly<Record<string, unknown>>

/** DummyJSON's `getObjectSubset`: the keys in the order asked, missing ones left out. */
export function selectKeys(item: Item, keys: readonly string[] | undefined): Item {
  if (!keys) return item
  const picked: Record<string, unknown> = {}
  for (const key of keys) if (Object.hasOwn(item, key)) picked[key] = item[key]
  return picked
}

/** DummyJSON's `sortArray` comparator, kept as is (it is not a consistent order on mixed types). */
function sortItems<T extends Item>(items: readonly T[], sortBy?: string, order?: string): T[] {
  if (!sortBy) return [...items]
  return [...items].sort((a, b) => {
    const x = a[sortBy] as string
    const y = b[sortBy] as string
    if (x === y) return 0
    if (order === 'asc') return x > y ? 1 : -1
    return x < y ? 1 : -1
  })
}

/** `{ products, total, skip, limit }` exactly as DummyJSON's list controllers build it. */
export function listEnvelope(items: readonly Item[], options: DummyOptions) {
  let page = sortItems(items, options.sortBy, options.order)
  if (options.skip > 0) page = page.slice(options.skip)
  if (!(options.limit === 0 || options.limit > page.length)) page = page.slice(0, options.limit)
  const products = page.map((item) => selectKeys(item, options.select))
  return { products, total: items.length, skip: options.skip, limit: products.length }
}
