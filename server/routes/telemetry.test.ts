import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { createMetrics } from '../observability/metrics.ts'
import { createSite } from '../site.ts'
import { capturedLogs, createTestApi, requestInit, type CallInit } from '../../testing/test-api.ts'
import { DEFAULT_CLIENT_LIMITS } from '../limits/limit-settings.ts'
import { clientErrorSchema, vitalsSchema } from './telemetry.ts'

const REPORTS_PER_MINUTE = DEFAULT_CLIENT_LIMITS.reportsPerAddress.limit

/** The site with its metrics and log lines at hand, behind a proxy that names each client. */
async function telemetrySite() {
  const { logger, lines } = capturedLogs()
  const metrics = createMetrics({ processMetrics: false })
  const api = await createTestApi(undefined, { logger, metrics })
  const site = createSite(api.app, undefined, {
    observability: { logger, metrics, trustProxy: true },
  })
  const post = (path: string, body: unknown, client = '203.0.113.7', init: CallInit = {}) =>
    Promise.resolve(
      site.request(
        path,
        requestInit({ ...init, body, headers: { 'X-Forwarded-For': client, ...init.headers } }),
      ),
    )
  const series = async () => {
    const values = new Map<string, number>()
    for (const metric of await metrics.registry.getMetricsAsJSON())
      for (const value of metric.values) {
        const labels = Object.entries(value.labels)
          .filter(([name]) => name !== 'le')
          .map(([name, label]) => `${name}=${String(label)}`)
          .join(',')
        const name = (value as { metricName?: string }).metricName ?? metric.name
        if (!('le' in value.labels)) values.set(`${name}{${labels}}`, value.value)
      }
    return values
  }
  return { api, post, series, lines }
}

const VITALS = {
  route: '/product/$id',
  build: 'mgx1a2b',
  connection: '4g',
  metrics: [
    { name: 'LCP', value: 1820 },
    { name: 'CLS', value: 0.02 },
    { name: 'INP', value: 96 },
  ],
}
const ERROR = {
  kind: 'uncaught',
  message: "Cannot read properties of undefined (reading 'price')",
  stack: 'TypeError: …\n    at ProductPage (product-page.tsx:40:12)',
  route: '/product/$id',
  build: 'mgx1a2b',
}

describe('POST /api/vitals', () => {
  it('counts a page’s field data in histograms by route and metric', async () => {
    const { post, series } = await telemetrySite()
    expect((await post('/api/vitals', VITALS)).status).toBe(204)
    const values = await series()
    expect(values.get('web_vitals_seconds_count{route=/product/$id,metric=LCP}')).toBe(1)
    expect(values.get('web_vitals_seconds_sum{route=/product/$id,metric=LCP}')).toBeCloseTo(1.82)
    expect(values.get('web_vitals_seconds_count{route=/product/$id,metric=INP}')).toBe(1)
    expect(values.get('web_vitals_cls_count{route=/product/$id}')).toBe(1)
  })

  it('counts the taps a page took before the app took it over, and the pages that had any', async () => {
    const { post, series } = await telemetrySite()
    expect((await post('/api/vitals', { ...VITALS, early: 3 })).status).toBe(204)
    expect((await post('/api/vitals', { ...VITALS, early: 0 }, '203.0.113.8')).status).toBe(204)
    expect((await post('/api/vitals', { ...VITALS, early: 1 }, '203.0.113.9')).status).toBe(204)
    const values = await series()
    expect(values.get('early_interactions_total{route=/product/$id}')).toBe(4)
    expect(values.get('early_interaction_pages_total{route=/product/$id}')).toBe(2)
    for (const early of [-1, 1.5, 5000, '2'])
      expect((await post('/api/vitals', { ...VITALS, early })).status, String(early)).toBe(400)
  })

  it.each([
    ['not JSON', '{"route":', 400],
    ['a list', '[1,2]', 400],
    ['an address, not a route pattern', { ...VITALS, route: '/product/7?utm=x' }, 400],
    ['an unknown metric', { ...VITALS, metrics: [{ name: 'FID', value: 3 }] }, 400],
    ['a negative value', { ...VITALS, metrics: [{ name: 'LCP', value: -1 }] }, 400],
    ['a value as text', { ...VITALS, metrics: [{ name: 'LCP', value: '1820' }] }, 400],
    ['a field of its own', { ...VITALS, url: 'https://shop.example/product/7' }, 400],
    ['no metrics', { ...VITALS, metrics: [] }, 400],
    ['more than 4 KB', { ...VITALS, build: 'x'.repeat(5000) }, 413],
  ])('answers %s with %s and keeps nothing', async (_name, body, status) => {
    const { post, series } = await telemetrySite()
    const res = await post('/api/vitals', body)
    expect(res.status).toBe(status)
    expect((await res.json()) as object).toHaveProperty('message')
    const values = await series()
    expect([...values.keys()].filter((key) => key.startsWith('web_vitals'))).toEqual([])
  })

  it('refuses a flood from one client for the rest of the minute, not the others', async () => {
    const { api, post } = await telemetrySite()
    for (let report = 0; report < REPORTS_PER_MINUTE; report += 1)
      expect((await post('/api/vitals', VITALS)).status).toBe(204)
    api.clock.advance(15_000)
    const refused = await post('/api/vitals', VITALS)
    expect(refused.status).toBe(429)
    // The rest of its minute.
    expect(refused.headers.get('Retry-After')).toBe('45')
    expect((await post('/api/vitals', VITALS, '198.51.100.4')).status).toBe(204)
    api.clock.advance(45_000)
    expect((await post('/api/vitals', VITALS)).status).toBe(204)
  })

  it('counts a report against its client before reading it', async () => {
    const { post } = await telemetrySite()
    for (let report = 0; report < REPORTS_PER_MINUTE; report += 1)
      expect((await post('/api/vitals', '{"route":')).status).toBe(400)
    expect((await post('/api/vitals', '{"route":')).status).toBe(429)
  })

  it('reads the text/plain body navigator.sendBeacon sends', async () => {
    const { post, series } = await telemetrySite()
    const beacon = { headers: { 'Content-Type': 'text/plain;charset=UTF-8' } }
    expect((await post('/api/vitals', VITALS, undefined, beacon)).status).toBe(204)
    expect((await series()).get('web_vitals_seconds_count{route=/product/$id,metric=LCP}')).toBe(1)
    expect((await post('/api/client-errors', ERROR, undefined, beacon)).status).toBe(204)
  })

  it('says which field is wrong and how, never with the schema’s regular expression', async () => {
    const { post } = await telemetrySite()
    const refused = async (body: unknown) => {
      const res = await post('/api/vitals', body)
      expect(res.status).toBe(400)
      return ((await res.json()) as { message: string }).message
    }
    expect(await refused({ ...VITALS, route: 'https://shop.example/product/1?q=x' })).toBe(
      "Invalid 'route': is not in the expected form",
    )
    expect(await refused({ ...VITALS, build: 'x'.repeat(41) })).toBe(
      "Invalid 'build': is not in the expected form",
    )
    expect(await refused({ ...VITALS, metrics: [{ name: 'LCP', value: 90_000 }] })).toBe(
      "Invalid 'metrics.0.value': is above 60000",
    )
    expect(await refused({ ...VITALS, extra: 1 })).toBe("Invalid 'extra': no such field")
    expect(await refused({ ...VITALS, early: 1.5 })).toBe("Invalid 'early': must be a whole number")
  })

  it('keeps the routes it labels to a bounded set', async () => {
    const { post, series } = await telemetrySite()
    for (let page = 0; page < 55; page += 1)
      await post('/api/vitals', { ...VITALS, route: `/page-${page}` }, `10.0.0.${page}`)
    const routes = [...(await series()).keys()].filter((key) =>
      key.startsWith('web_vitals_seconds_count'),
    )
    expect(routes.filter((key) => key.includes('route=other'))).toHaveLength(2)
    expect(routes.length).toBeLessThanOrEqual(51 * 2)
  })

  it('answers any random body with 204 only when the schema holds, 4xx otherwise', async () => {
    const { post } = await telemetrySite()
    let client = 0
    const body = fc.oneof(
      fc.anything(),
      fc.record({
        route: fc.oneof(fc.constant('/'), fc.string()),
        build: fc.string(),
        metrics: fc.array(
          fc.record({
            name: fc.constantFrom('LCP', 'INP', 'CLS', 'FCP', 'TTFB', 'FID'),
            value: fc.oneof(fc.double(), fc.integer()),
          }),
        ),
      }),
    )
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        client += 1
        const res = await post('/api/vitals', JSON.stringify(input) ?? 'null', `10.1.0.${client}`)
        const valid = v.is(vitalsSchema, JSON.parse(JSON.stringify(input) ?? 'null'))
        expect(res.status).toBe(valid ? 204 : res.status)
        if (!valid) expect([400, 413]).toContain(res.status)
        if (!valid) expect(await res.text()).not.toMatch(/Expected \/|\^\(|\$\//)
      }),
      { numRuns: 200 },
    )
  })
})

describe('POST /api/client-errors', () => {
  it('counts the error by build and logs it once, with the request id', async () => {
    const { post, series, lines } = await telemetrySite()
    const res = await post('/api/client-errors', ERROR)
    expect(res.status).toBe(204)
    expect((await series()).get('client_errors_total{build=mgx1a2b,kind=uncaught}')).toBe(1)
    const logged = lines.filter((line) => line.msg === 'client error')
    expect(logged).toEqual([
      expect.objectContaining({
        level: 'warn',
        reqId: res.headers.get('X-Request-Id'),
        clientError: ERROR,
      }),
    ])
  })

  it.each([
    ['a message over 500 characters', { ...ERROR, message: 'x'.repeat(501) }, 400],
    ['form values', { ...ERROR, values: { cardNumber: '4111111111117429' } }, 400],
    ['a page address', { ...ERROR, route: 'https://shop.example/checkout?promo=FLAT50' }, 400],
    ['an unknown kind', { ...ERROR, kind: 'warning' }, 400],
    ['more than 8 KB', { ...ERROR, stack: 'x'.repeat(9000) }, 413],
  ])('answers %s with %s and keeps nothing', async (_name, body, status) => {
    const { post, series, lines } = await telemetrySite()
    expect((await post('/api/client-errors', body)).status).toBe(status)
    expect([...(await series()).keys()].some((key) => key.startsWith('client_errors'))).toBe(false)
    expect(lines.filter((line) => line.msg === 'client error')).toEqual([])
  })

  it('answers random bodies by the schema alone', async () => {
    const { post } = await telemetrySite()
    let client = 0
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (input) => {
        client += 1
        const text = JSON.stringify(input) ?? 'null'
        const res = await post('/api/client-errors', text, `10.2.0.${client}`)
        const valid = v.is(clientErrorSchema, JSON.parse(text))
        expect(valid ? res.status === 204 : [400, 413].includes(res.status)).toBe(true)
      }),
      { numRuns: 200 },
    )
  })
})
