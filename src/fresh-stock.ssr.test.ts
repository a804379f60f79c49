import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMetrics } from '../server/observability/metrics.ts'
import { openPostgresStorage } from '../server/storage/postgres.ts'
import { orderBody, newOrderKey } from '../testing/orders.ts'
import { startPostgresCluster, type PostgresCluster } from '../testing/postgres-cluster.ts'
import { stubClientBuild, type StubClientBuild } from '../testing/stub-client-build.ts'
import { createTestApi, type TestApi } from '../testing/test-api.ts'
import { createTestSite, fetchPage } from './test/test-site.ts'

const ADMIN_TOKEN = 'fresh-stock-admin-token'
/** A product sold without options. */
const PRODUCT = 5

/**
 * Two replicas of the whole site (API, pages and their caches) on one PostgreSQL, wired as
 * server/main.ts wires one: each page cache forgets a product's pages when the replica hears its
 * stock changed, from its own orders or, through PostgreSQL's notifications, another's (decisions.md
 * § Orders, fresh stock). The API's answers across real processes: server/orders-replicas.test.ts.
 */
describe('a product page on two replicas sharing one PostgreSQL', () => {
  let cluster: PostgresCluster
  let build: StubClientBuild
  const apis: TestApi[] = []

  const replica = async (url: string) => {
    const api = await createTestApi(await openPostgresStorage({ url, poolMax: 2 }), {
      adminToken: ADMIN_TOKEN,
    })
    apis.push(api)
    const metrics = createMetrics({ processMetrics: false })
    const site = createTestSite(api, build.clientDir, {
      stockChanges: (listener) => void api.stock.onChange(listener),
      observability: { metrics },
    })
    /** What the product page says of the product's stock ("Only 5 left", "Out of Stock"). */
    const stockShown = async () => {
      const { response, document } = await fetchPage(site, `http://shop.test/product/${PRODUCT}`)
      expect(response.status).toBe(200)
      return [...document.querySelectorAll('main p')]
        .map((paragraph) => paragraph.textContent)
        .find((text) => /^(Only \d+ left|In Stock|Out of Stock)$/.test(text))
    }
    const pageHits = async () =>
      (await metrics.cacheLookups.get()).values.find(
        ({ labels }) => labels.cache === 'pages' && labels.result === 'hit',
      )?.value ?? 0
    return { api, stockShown, pageHits }
  }
  let a: Awaited<ReturnType<typeof replica>>
  let b: Awaited<ReturnType<typeof replica>>

  beforeAll(async () => {
    cluster = await startPostgresCluster()
    const url = await cluster.createDatabase()
    build = stubClientBuild()
    a = await replica(url)
    b = await replica(url)
  }, 60_000)

  afterAll(async () => {
    for (const api of apis) {
      api.stock.close()
      await api.storage.close()
    }
    build?.remove()
    await cluster?.stop()
  })

  const setStock = async (stock: number) => {
    const res = await a.api.call('/api/admin/stock', {
      method: 'PUT',
      token: ADMIN_TOKEN,
      body: [{ productId: PRODUCT, stock }],
    })
    expect(res.status).toBe(200)
  }

  it("is rendered again on B within 2 s of an order on A, as B kept it before; sold out as 'Out of Stock'", async () => {
    // When B hears the product's stock changed: its caches forget what showed it, then.
    const heard: number[] = []
    b.api.stock.onChange((productIds) => {
      if (productIds.includes(PRODUCT)) heard.push(performance.now())
    })
    /** From `answered` until B heard of the first change after `sent` (its answer's own time). */
    const heardAfter = (sent: number, answered: number) =>
      (heard.find((at) => at >= sent) ?? Infinity) - answered

    await setStock(6)
    // B shows the new level, from the page it keeps: asked again, it is a hit of its cache.
    const kept = async () => {
      const hits = await b.pageHits()
      return `${await b.stockShown()}, ${(await b.pageHits()) > hits ? 'kept' : 'rendered'}`
    }
    await expect.poll(kept, { timeout: 10_000 }).toBe('Only 6 left, kept')

    const sent = performance.now()
    const placed = await a.api.call('/api/orders', {
      headers: { 'Idempotency-Key': newOrderKey() },
      body: orderBody(PRODUCT, 2),
    })
    const answered = performance.now()
    expect(placed.status).toBe(201)
    expect(await a.stockShown()).toBe('Only 4 left')
    await expect.poll(b.stockShown, { timeout: 10_000, interval: 50 }).toBe('Only 4 left')
    // B heard of it within 2 s of the order's answer (decisions.md § Orders); the page showed it
    // on the next request (a render's own time is that request's, whatever the stock).
    expect(heardAfter(sent, answered)).toBeLessThan(2000)

    const emptied = performance.now()
    await setStock(0)
    const set = performance.now()
    await expect.poll(b.stockShown, { timeout: 10_000, interval: 50 }).toBe('Out of Stock')
    expect(heardAfter(emptied, set)).toBeLessThan(2000)
  }, 60_000)
})
