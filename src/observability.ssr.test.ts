import { describe, expect, it } from 'vitest'
import { createMetrics } from '../server/observability/metrics.ts'
import { capturedLogs } from '../testing/test-api.ts'
import { setUpTestSite } from './test/test-site.ts'

/** Pages in the server's logs and metrics: by the route they matched, rendered once while kept. */

const testSite = setUpTestSite()

describe('pages in the logs and metrics', () => {
  it('log the route pattern and time each render, not the renders a kept page saves', async () => {
    const { logger, lines } = capturedLogs()
    const metrics = createMetrics({ processMetrics: false })
    const site = testSite.site({ observability: { logger, metrics } })

    for (const url of ['/product/7', '/product/7', '/product/8', '/myaccount', '/no-such-page'])
      await site.request(`http://shop.test${url}`)
    await site.request('http://shop.test/assets/index-abc.js')

    expect(
      lines.filter((line) => line.msg === 'request').map(({ route, status }) => [route, status]),
    ).toEqual([
      ['/product/$id', 200],
      ['/product/$id', 200],
      ['/product/$id', 200],
      ['/myaccount', 200],
      ['not-found', 404],
      ['file', 200],
    ])
    const renders = await metrics.pageRender.get()
    const count = (route: string) =>
      renders.values.find(
        (value) =>
          value.metricName === 'page_render_duration_seconds_count' && value.labels.route === route,
      )?.value
    // /product/7 the second time comes from the pages kept in memory.
    expect(count('/product/$id')).toBe(2)
    expect(count('/myaccount')).toBe(1)
    expect(count('not-found')).toBe(1)
  })
})
