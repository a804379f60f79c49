import { beforeEach, describe, expect, it } from 'vitest'
import { capturedLogs, createTestApi, type CallInit, type TestApi } from '../../testing/test-api.ts'

const ADMIN_TOKEN = 'admin-token-for-the-stock-tests'

let api: TestApi
let logs: ReturnType<typeof capturedLogs>
beforeEach(async () => {
  logs = capturedLogs()
  api = await createTestApi(undefined, { logger: logs.logger, adminToken: ADMIN_TOKEN })
})

const stock = (query = '', init: CallInit = {}) =>
  api.call(`/api/admin/stock${query}`, { token: ADMIN_TOKEN, ...init })
const json = async (res: Response) => (await res.json()) as unknown

interface Line {
  productId: number
  sku: string
  title: string
  label?: string
  stock: number
}
const listed = async (query = '') =>
  (await json(await stock(query))) as { lines: Line[]; total: number; skip: number; limit: number }

const stockOf = async (id: number) =>
  (await json(await api.call(`/api/products/${id}`))) as {
    stock: number
    variants?: { sku: string; stock: number }[]
  }

describe('the operator’s stock (api.md § Operator)', () => {
  it('lists every level lowest first, each named as a shopper sees it, paged and searched', async () => {
    const all = await listed('?limit=0')
    expect(all.total).toBe(all.lines.length)
    expect(all.lines.length).toBeGreaterThan(200)
    const levels = all.lines.map((line) => line.stock)
    expect(levels).toEqual([...levels].sort((a, b) => a - b))
    const galaxy = all.lines.find((line) => line.sku === 'SMA-SAM-006-256GB')
    expect(galaxy).toMatchObject({
      productId: 6,
      sku: 'SMA-SAM-006-256GB',
      label: 'Storage 256GB',
      stock: 28,
    })
    expect(galaxy?.title).toContain('Galaxy A54')
    // A product sold without options: its own SKU, no label.
    expect(all.lines.find((line) => line.productId === 1)).not.toHaveProperty('label')

    const page = await listed('?limit=5&skip=5')
    expect(page).toMatchObject({ lines: all.lines.slice(5, 10), total: all.total, skip: 5 })

    const found = await listed('?q=%20GALAXY%20a54')
    expect(found.lines.map((line) => line.sku).sort()).toEqual([
      'SMA-SAM-006-128GB',
      'SMA-SAM-006-256GB',
    ])
    expect((await listed('?q=sma-sam-006-256')).lines).toEqual([galaxy])
    expect(
      (await listed('?q=6')).lines.every(
        (line) => line.productId === 6 || /6/.test(line.title + line.sku),
      ),
    ).toBe(true)
    expect((await listed(`?q=${'x'.repeat(5000)}`)).total).toBe(0)
    expect((await stock('?limit=-1')).status).toBe(400)
  })

  it('moves levels from where they stand (a delivery, a loss), all or none, never below zero', async () => {
    const before = (await stockOf(1)).stock
    const res = await stock('', {
      method: 'PATCH',
      body: [
        { productId: 1, by: 12 },
        { productId: 6, sku: 'SMA-SAM-006-256GB', by: -3 },
      ],
    })
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual([
      { productId: 1, before, stock: before + 12 },
      { productId: 6, sku: 'SMA-SAM-006-256GB', before: 28, stock: 25 },
    ])
    expect((await stockOf(1)).stock).toBe(before + 12)
    expect(logs.lines.filter((line) => line.msg === 'stock moved')).toHaveLength(2)

    const short = await stock('', {
      method: 'PATCH',
      body: [
        { productId: 1, by: 1 },
        { productId: 6, sku: 'SMA-SAM-006-256GB', by: -26 },
      ],
    })
    expect(short.status).toBe(409)
    expect(await json(short)).toEqual({
      message: 'Not enough stock for some lines: nothing was moved',
      lines: [{ productId: 6, sku: 'SMA-SAM-006-256GB', available: 25 }],
    })
    expect((await stockOf(1)).stock).toBe(before + 12)
  })

  it('refuses a line it cannot name, a line twice, a fraction, and malformed JSON, moving nothing', async () => {
    const before = (await stockOf(1)).stock
    for (const [body, message] of [
      [[{ productId: 9999, by: 1 }], 'Unknown product 9999'],
      [[{ productId: 6, by: 1 }], "Product 6 is sold in options: name the variant's sku"],
      [[{ productId: 1, sku: 'NOPE', by: 1 }], 'Product 1 has no variant NOPE'],
      [
        [
          { productId: 1, by: 1 },
          { productId: 1, by: 2 },
        ],
        'Invalid body: each product or variant once',
      ],
      [
        [{ productId: 1, by: 1.5 }],
        'Invalid body: expected [{ productId, sku?, by }], by a whole number (+ a delivery, − a loss)',
      ],
      [
        [],
        'Invalid body: expected [{ productId, sku?, by }], by a whole number (+ a delivery, − a loss)',
      ],
      ['{not json', 'Invalid JSON body'],
    ] as const) {
      const res = await stock('', { method: 'PATCH', body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(await json(res)).toEqual({ message })
    }
    expect((await stockOf(1)).stock).toBe(before)
  })

  it('answers no one without the operator’s token', async () => {
    expect((await api.call('/api/admin/stock')).status).toBe(401)
    const res = await api.call('/api/admin/stock', {
      method: 'PATCH',
      body: [{ productId: 1, by: -1 }],
    })
    expect(res.status).toBe(401)
  })
})
