import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createDummyJsonApp } from './dummyjson-app.ts'
import { signToken } from './jwt.ts'

/**
 * The dialect against what the real DummyJSON answered (recorded/README.md): the same requests,
 * compared value for value and key order for key order (tokens aside). The product lists were
 * recorded over the full 194-product catalogue, of which the dialect holds 93: see expectSameList.
 */

type Json = Record<string, unknown>
interface ProductList {
  products: Json[]
  total: number
  skip: number
  limit: number
}

const recorded = <T = Json>(file: string): T =>
  JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8')) as T
const catalogue = recorded<Json[]>('catalogue.json')
const catalogueIds = new Set(catalogue.map((p) => p.id))

/** Equal values and equal key order all the way down (toEqual ignores key order). */
const expectSameJson = (actual: unknown, expected: unknown) =>
  expect(JSON.stringify(actual, null, 1)).toBe(JSON.stringify(expected, null, 1))

const app = createDummyJsonApp()

async function call(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const headers = new Headers()
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
  const body = init.body === undefined ? undefined : JSON.stringify(init.body)
  if (body) headers.set('Content-Type', 'application/json')
  const res = await app.request(path, {
    method: init.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
  })
  const text = await res.text()
  const isJson = res.headers.get('Content-Type') === 'application/json; charset=utf-8'
  return {
    status: res.status,
    headers: res.headers,
    body: (isJson ? JSON.parse(text) : text) as unknown,
  }
}

const getList = async (path: string) => {
  const res = await call(path)
  expect(res.status, path).toBe(200)
  return res.body as ProductList
}

const login = async () =>
  (await call('/auth/login', { body: { username: 'emilys', password: 'emilyspass' } })).body as {
    accessToken: string
  }

/** The rows of recorded/README.md's table: which request each recorded file answers. */
function recordedRequests() {
  const readme = readFileSync(new URL('./recorded/README.md', import.meta.url), 'utf8')
  const rows = []
  for (const [, file = '', request = ''] of readme.matchAll(
    /^\| ([\w-]+\.json) +\| (.+?) +\|$/gm,
  )) {
    if (file === 'catalogue.json') continue
    const quoted = [...request.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '')
    const [method = '', path = ''] = (quoted[0] ?? '').split(' ')
    const body = quoted.find((q) => q.startsWith('{'))
    const token = quoted.some((q) => q.startsWith('Authorization: Bearer'))
    rows.push({ file, method, path, body: body ? (JSON.parse(body) as Json) : undefined, token })
  }
  return rows
}

const requests = recordedRequests()

describe('the recorded DummyJSON answers (recorded/README.md), request by request', () => {
  it('covers every recorded file', () => {
    expect(requests.map((r) => r.file).sort()).toEqual(
      readdirSync(new URL('./recorded/', import.meta.url))
        .filter((name) => name.endsWith('.json') && name !== 'catalogue.json')
        .sort(),
    )
  })

  it.each(requests)('$file: $method $path', async ({ file, method, path, body, token }) => {
    const expected = recorded(file)
    const res = await call(path, {
      method,
      body,
      token: token ? (await login()).accessToken : undefined,
    })
    if (typeof expected.status === 'number' && 'body' in expected) {
      // A recorded error: the same status and the same body.
      expect(res.status).toBe(expected.status)
      expectSameJson(res.body, expected.body)
    } else if (Array.isArray(expected.products)) {
      expect(res.status).toBe(200)
      expectSameList(res.body as ProductList, expected as unknown as ProductList)
    } else if (file.startsWith('login-')) {
      expect(res.status).toBe(200)
      expectSameLogin(res.body as Json, expected)
    } else {
      expect(res.status).toBe(method === 'POST' ? 201 : 200)
      expectSameJson(res.body, expected)
    }
  })
})

/**
 * A list against one recorded over the full 194-product catalogue. The recorded products the
 * dialect has come first, in the same order, verbatim (the dialect's catalogue keeps DummyJSON's
 * order, so they are a prefix of its answer); when the recording holds every match, they are the
 * whole answer. Every item has the keys, in the order, of some recorded item.
 */
function expectSameList(list: ProductList, expected: ProductList) {
  expect(Object.keys(list)).toEqual(Object.keys(expected))
  const shared = expected.products.filter((p) => catalogueIds.has(p.id))
  expect(shared.length).toBeGreaterThan(0)
  expect(list.skip).toBe(expected.skip)
  expect(list.limit).toBe(list.products.length)
  if (expected.limit === expected.total) {
    expectSameJson(list.products, shared)
    expect(list.total).toBe(shared.length)
  } else {
    expectSameJson(list.products.slice(0, shared.length), shared)
    expect(list.limit).toBe(Math.min(expected.limit, list.total - list.skip))
  }
  const shapes = new Set(expected.products.map((p) => Object.keys(p).join()))
  for (const product of list.products) expect(shapes).toContain(Object.keys(product).join())
}

/** The recorded login, but with tokens of its own: same claims, same lifetimes. */
function expectSameLogin(body: Json, expected: Json) {
  expect(Object.keys(body)).toEqual(Object.keys(expected))
  expect(body).toEqual({
    ...expected,
    accessToken: body.accessToken,
    refreshToken: body.refreshToken,
  })
  const claims = (token: unknown) =>
    JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString()) as Json
  const lifetime = (token: unknown) => Number(claims(token).exp) - Number(claims(token).iat)
  for (const key of ['accessToken', 'refreshToken'] as const) {
    expect(body[key]).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(body[key]).not.toBe(expected[key])
    expect(Object.keys(claims(body[key]))).toEqual(Object.keys(claims(expected[key])))
    expect(lifetime(body[key])).toBe(lifetime(expected[key]))
  }
}

describe('product lists', () => {
  it('pages with limit and skip; limit=0 is everything; limit in the answer counts what came back', async () => {
    expect((await getList('/products?limit=0')).products).toHaveLength(catalogue.length)
    const page = await getList('/products?limit=5&skip=90')
    expect(page).toMatchObject({ total: catalogue.length, skip: 90, limit: 3 })
    expect(page.products.map((p) => p.id)).toEqual(catalogue.slice(90).map((p) => p.id))
    expect(await getList('/products?skip=500')).toMatchObject({ products: [], limit: 0 })
    // DummyJSON validates with Number() and reads with parseInt(): 1.5 is 1.
    expect(await getList('/products?limit=1.5&skip=1&select=id')).toEqual({
      products: [{ id: 2 }],
      total: catalogue.length,
      skip: 1,
      limit: 1,
    })
  })

  it.each([
    ['/products?limit=abc', 400, "Invalid 'limit' - must be a number"],
    ['/products?skip=x', 400, "Invalid 'skip' - must be a number"],
    ['/products?sortBy=price&order=up', 400, "Order can be: 'asc' or 'desc'"],
    ['/products/search?q=a&q=b', 400, "Invalid 'q' - must be a string"],
    ['/products/abc', 404, "Product with id 'abc' not found"],
    ['/products/01', 404, "Product with id '01' not found"],
    ['/users/abc', 400, "Invalid user id 'abc'"],
    ['/users/2', 404, "User with id '2' not found"],
  ])('GET %s answers %i %s', async (path, status, message) => {
    const res = await call(path)
    expect(res.status).toBe(status)
    expect(res.body).toEqual({ message })
  })

  it('selects keys in the order asked, always with id; a product without brand just lacks it', async () => {
    const groceries = await getList('/products/category/groceries?select=title,brand,nope')
    expect(groceries.products.length).toBeGreaterThan(0)
    for (const p of groceries.products) expect(Object.keys(p)).toEqual(['id', 'title'])
    expectSameJson((await call('/products/1?select=brand,title')).body, {
      id: 1,
      brand: 'Essence',
      title: 'Essence Mascara Lash Princess',
    })
    expect((await call('/products/16?select=brand')).body).toEqual({ id: 16 })
  })

  it('sorts the whole list by a field in either order before paging; order alone changes nothing', async () => {
    const prices = async (order: string) =>
      (await getList(`/products?sortBy=price&order=${order}&limit=0&select=price`)).products.map(
        (p) => p.price as number,
      )
    const asc = await prices('asc')
    expect(asc).toEqual([...asc].sort((a, b) => a - b))
    expect(await prices('DESC')).toEqual([...asc].reverse())
    // DummyJSON compares with < and >: strings in UTF-16 code unit order, as Array#sort does.
    const titles = (await getList('/products?sortBy=title&limit=0&select=title')).products.map(
      (p) => p.title as string,
    )
    expect(titles).toEqual([...titles].sort())
    expect(titles[0]).toBe('300 Touring')
    const unsorted = await getList('/products?order=sideways&limit=2&select=id')
    expect(unsorted.products).toEqual([{ id: 1 }, { id: 2 }])
  })

  it('searches title and description, trimmed, any case, with - read as a space', async () => {
    const search = async (q: string) =>
      (await getList(`/products/search?limit=0&select=title&q=${encodeURIComponent(q)}`)).products
    expect((await search('  MASCARA ')).map((p) => p.id)).toEqual([1])
    expect(await search('eyeshadow-palette')).toEqual(await search('eyeshadow palette'))
    expect(await search('')).toHaveLength(catalogue.length)
    expect(await search('no such thing')).toEqual([])
  })

  it('answers a category in any case, and an unknown one with an empty list', async () => {
    const groceries = await getList('/products/category/GroceRies?select=id')
    expect(groceries.products.map((p) => p.id)).toEqual([16, 17, 18, 19])
    expectSameJson(await getList('/products/category/no-such-category'), {
      products: [],
      total: 0,
      skip: 0,
      limit: 0,
    })
  })
})

describe('simulated writes', () => {
  it('PUT/PATCH answer the merged user but keep nothing: a later GET shows the recorded user', async () => {
    const patch = await call('/users/1', {
      method: 'PATCH',
      body: { lastName: 'Patched', hair: { color: 'Red' }, address: { city: 'Oslo' }, extra: 1 },
    })
    const user = recorded<Json & { hair: Json; address: Json }>('user-1.json')
    expectSameJson(patch.body, {
      ...user,
      lastName: 'Patched',
      hair: { ...user.hair, color: 'Red' },
      address: { ...user.address, city: 'Oslo' },
    })
    expectSameJson((await call('/users/1')).body, user)
    expect((await call('/users/abc', { method: 'PUT', body: {} })).status).toBe(400)
  })

  it('a registration is answered but not kept: GET /users/209 is 404', async () => {
    const added = await call('/users/add', { body: { username: 'kept', password: 'never' } })
    expect(added.body).toMatchObject({ id: 209, username: 'kept', role: 'user' })
    expect((await call('/users/209')).status).toBe(404)
    const again = await call('/auth/login', { body: { username: 'kept', password: 'never' } })
    expect(again).toMatchObject({ status: 400, body: { message: 'Invalid credentials' } })
  })
})

describe('auth', () => {
  it('logs in with any case of the username; requires both fields', async () => {
    const res = await call('/auth/login', { body: { username: 'EMILYS', password: 'emilyspass' } })
    expect(res.body).toMatchObject({ id: 1, username: 'emilys' })
    expect(await call('/auth/login', { body: { username: 'emilys' } })).toMatchObject({
      status: 400,
      body: { message: 'Username and password required' },
    })
    expect(
      await call('/auth/login', { body: { username: 'emilys', password: 'nope' } }),
    ).toMatchObject({
      status: 400,
      body: { message: 'Invalid credentials' },
    })
  })

  it('GET /auth/me: user 1 for a token it issued, 401 without one or with a garbled one', async () => {
    const { accessToken } = await login()
    expectSameJson((await call('/auth/me', { token: accessToken })).body, recorded('user-1.json'))
    expect(await call('/auth/me')).toMatchObject({
      status: 401,
      body: { message: 'Access Token is required' },
    })
    expect(await call('/auth/me', { token: 'garbage' })).toMatchObject({
      status: 401,
      body: { message: 'Invalid/Expired Token!' },
    })
  })
})

describe('tokens, failing as jsonwebtoken fails them', () => {
  const payload = { id: 1, username: 'emilys' }
  const me = (token: string) => call('/auth/me', { token })

  it('an expired token: 401 Token Expired!', async () => {
    const expired = signToken(payload, 'A_VERY_SECRET_KEY', 60, Date.now() - 2 * 3600_000)
    expect(await me(expired)).toMatchObject({ status: 401, body: { message: 'Token Expired!' } })
  })

  it('another server’s token: DummyJSON’s own 500 invalid signature', async () => {
    const foreign = signToken(payload, 'another-secret', 60)
    expect(await me(foreign)).toMatchObject({ status: 500, body: { message: 'invalid signature' } })
  })

  it('a token for a user the dialect does not have: 400 Invalid access token', async () => {
    const other = signToken({ id: 2, username: 'michaelw' }, 'A_VERY_SECRET_KEY', 60)
    expect(await me(other)).toMatchObject({
      status: 400,
      body: { message: 'Invalid access token' },
    })
  })
})

describe('product pictures', () => {
  const origin = 'http://pictures.test:4000'
  const withImages = createDummyJsonApp({ imageOrigin: `${origin}/` })
  const fetchImage = (url: string) => withImages.request(url)

  it('keeps DummyJSON’s CDN URLs without an image origin, and draws nothing', async () => {
    expectSameJson((await getList('/products?limit=0')).products, catalogue)
    expect((await app.request('/product-images/beauty/powder-canister/1.webp')).status).toBe(404)
  })

  it('points every picture of every product at the image origin, nothing else changed', async () => {
    const res = await withImages.request('/products?limit=0')
    const text = await res.text()
    expect(text).not.toContain('cdn.dummyjson.com')
    const products = (JSON.parse(text) as ProductList).products
    const rewrite = (url: unknown) => String(url).replace('https://cdn.dummyjson.com', origin)
    expectSameJson(
      products,
      catalogue.map((p) => ({
        ...p,
        meta: { ...(p.meta as Json), qrCode: rewrite((p.meta as Json).qrCode) },
        images: (p.images as string[]).map(rewrite),
        thumbnail: rewrite(p.thumbnail),
      })),
    )
  })

  it('serves each of those URLs as a cacheable SVG of that product', async () => {
    const products = (await (await withImages.request('/products?limit=0')).json()) as ProductList
    for (const product of products.products) {
      for (const url of [...(product.images as string[]), product.thumbnail as string]) {
        const res = await fetchImage(url)
        expect(res.status, url).toBe(200)
        expect(res.headers.get('Content-Type')).toBe('image/svg+xml')
        expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
        const svg = await res.text()
        expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/)
        expect(svg).toContain('<title>')
      }
    }
    // Names with characters a browser may or may not escape (dior-j'adore) are found both ways.
    const dior = products.products.find((p) => String(p.thumbnail).includes("j'adore"))
    expect(dior).toBeDefined()
    const escaped = String(dior?.thumbnail).replace("'", '%27')
    expect((await fetchImage(escaped)).status).toBe(200)
  })

  it('draws the QR code; an unknown picture is a 404', async () => {
    const qr = await fetchImage(`${origin}/public/qr-code.png`)
    expect(qr.status).toBe(200)
    expect(qr.headers.get('Content-Type')).toBe('image/svg+xml')
    expect(await qr.text()).toContain('<title>QR code</title>')
    const missing = await fetchImage(`${origin}/product-images/beauty/no-such-product/1.webp`)
    expect(missing.status).toBe(404)
  })
})

describe('HTTP', () => {
  it('echoes the Origin with credentials allowed, as DummyJSON does', async () => {
    const res = await app.request('/products/1?select=id', {
      headers: { Origin: 'http://localhost:5173' },
    })
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('http://localhost:5173')
    expect(res.headers.get('Access-Control-Allow-Credentials')).toBe('true')
    const anonymous = await app.request('/products/1?select=id')
    expect(anonymous.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })

  it('answers a preflight 204 with the methods and the headers asked for', async () => {
    const res = await app.request('/users/1', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    })
    expect(res.status).toBe(204)
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'access-control-allow-origin': 'https://shop.example',
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
      'access-control-allow-headers': 'authorization,content-type',
    })
  })

  it('answers an unknown route with an HTML 404, and malformed JSON with a 400', async () => {
    for (const method of ['GET', 'POST']) {
      const res = await app.request('/no-such-route', { method })
      expect(res.status).toBe(404)
      expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    }
    const bad = await app.request('/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username":',
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ message: 'Unexpected end of JSON input' })
  })

  it('matches routes in any case, as Express does, and echoes parameters as given', async () => {
    expect((await call('/PRODUCTS/1?select=id')).body).toEqual({ id: 1 })
    expect((await call('/Products/Category/Groceries?limit=1&select=id')).body).toMatchObject({
      products: [{ id: 16 }],
    })
    expect((await call('/Users/ME')).status).toBe(401)
    expect((await call('/products/ABC')).body).toEqual({
      message: "Product with id 'ABC' not found",
    })
    expect((await call('/products/Category')).body).toEqual({
      message: "Product with id 'Category' not found",
    })
  })

  it('redirects a trailing slash away, keeping the query', async () => {
    const res = await app.request('/products/?limit=1')
    expect(res.status).toBe(301)
    expect(res.headers.get('Location')).toBe('/products?limit=1')
  })
})
