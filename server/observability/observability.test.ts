import { describe, expect, it } from 'vitest'
import { createSite } from '../site.ts'
import { parsePrometheus, sampleValue } from '../../testing/prometheus.ts'
import {
  capturedLogs,
  connectionFrom,
  createTestApi,
  requestInit,
  type CallInit,
} from '../../testing/test-api.ts'
import { createMetrics } from './metrics.ts'

/** The site's front with its logs caught, one parsed object per line. */
async function observedSite({
  trustProxy = false,
  metricsToken = undefined as string | undefined,
} = {}) {
  const { logger, lines, raw } = capturedLogs({ level: 'info', replica: 'replica-a' })
  const metrics = createMetrics({ processMetrics: false })
  const api = await createTestApi(undefined, { logger, metrics })
  const site = createSite(api.app, undefined, {
    observability: { logger, metrics, trustProxy, metricsToken },
  })
  const call = (path: string, init?: CallInit) =>
    Promise.resolve(site.request(path, requestInit(init), connectionFrom(init?.client)))
  const requestLines = () => lines.filter((line) => line.msg === 'request')
  return { api, site, call, lines, raw, requestLines, metrics }
}

describe('request logs (pino)', () => {
  it('writes one JSON line per request, with its id, route pattern, status, duration and size', async () => {
    const { call, requestLines } = await observedSite()
    const res = await call('/api/products/7')
    expect(res.status).toBe(200)
    const id = res.headers.get('X-Request-Id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(requestLines()).toEqual([
      {
        level: 'info',
        time: expect.any(Number) as number,
        replica: 'replica-a',
        reqId: id,
        method: 'GET',
        route: '/api/products/:id',
        status: 200,
        responseTime: expect.any(Number) as number,
        msg: 'request',
        ...(res.headers.has('Content-Length') && {
          bytes: Number(res.headers.get('Content-Length')),
        }),
      },
    ])
  })

  it('names the route pattern, not the address, for every kind of request', async () => {
    const { call, requestLines } = await observedSite()
    await call('/api/products/category/smartphones?limit=3')
    await call('/api/products/search?q=phone')
    await call('/api/no-such-thing')
    await call('/metrics')
    expect(requestLines().map(({ route, status }) => [route, status])).toEqual([
      ['/api/products/category/:slug', 200],
      ['/api/products/search', 200],
      ['unmatched', 404],
      ['/metrics', 404],
    ])
  })

  it('never writes passwords, tokens or request bodies, signing in and registering', async () => {
    const { call, raw } = await observedSite()
    const signIn = await call('/api/auth/login', {
      body: { username: 'emilys', password: 'emilyspass' },
    })
    const { accessToken, refreshToken } = (await signIn.json()) as Record<string, string>
    await call('/api/auth/me', { token: accessToken })
    await call('/api/auth/refresh', { body: { refreshToken } })
    await call('/api/users/add', {
      body: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        username: 'ada.secret',
        email: 'ada@example.com',
        password: 'Sup3r$ecretPw',
        cardNumber: '4111111111117429',
      },
    })
    const written = raw.join('\n')
    expect(raw.length).toBeGreaterThanOrEqual(4)
    for (const secret of [
      'emilyspass',
      accessToken,
      refreshToken,
      'Sup3r$ecretPw',
      '4111111111117429',
      'ada@example.com',
    ]) {
      expect(written).not.toContain(secret)
    }
  })

  it('hides secrets and bodies that code logs as fields', async () => {
    const { raw } = await observedSite()
    const { logger, lines: written } = capturedLogs()
    logger.warn(
      {
        password: 'hunter22',
        accessToken: 'eyJ.secret',
        body: { cardNumber: '4111111111117429' },
        headers: { authorization: 'Bearer eyJ.secret' },
        username: 'emilys',
      },
      'a careless line',
    )
    expect(raw).toEqual([])
    expect(written[0]).toMatchObject({
      password: '[redacted]',
      accessToken: '[redacted]',
      body: '[body not logged]',
      headers: '[headers not logged]',
      username: 'emilys',
    })
  })

  it('refuses, and logs, a limited request whose client it cannot tell, rather than pool it', async () => {
    const { site, lines } = await observedSite()
    // No socket handed in: no address to count the sign-in under.
    const res = await site.request(
      '/api/auth/login',
      requestInit({ body: { username: 'emilys', password: 'x' } }),
    )
    expect(res.status).toBe(500)
    expect(await res.json()).toMatchObject({
      message: 'The server could not tell where this request came from',
    })
    expect(
      lines.find(
        (line) =>
          line.level === 'error' &&
          line.msg === 'no client address for a request to a limited route',
      ),
    ).toMatchObject({ path: '/api/auth/login' })
  })

  it('logs an unexpected error with its stack and the request id', async () => {
    const { api, call, lines } = await observedSite()
    api.users.findByUsername = () => Promise.reject(new Error('the disk is on fire'))
    const res = await call('/api/auth/login', {
      body: { username: 'emilys', password: 'emilyspass' },
    })
    expect(res.status).toBe(500)
    const id = res.headers.get('X-Request-Id')
    const error = lines.find((line) => line.msg === 'unhandled error')
    expect(error).toMatchObject({ level: 'error', reqId: id, replica: 'replica-a' })
    expect((error?.err as { stack: string }).stack).toContain('the disk is on fire')
    expect(lines.find((line) => line.msg === 'request')).toMatchObject({
      level: 'error',
      status: 500,
      reqId: id,
    })
  })

  it('puts the request id in every JSON error, and keeps a trusted proxy’s id', async () => {
    const untrusted = await observedSite()
    const res = await untrusted.call('/api/products/999999', {
      headers: { 'X-Request-Id': 'from-a-client' },
    })
    const id = res.headers.get('X-Request-Id')
    expect(id).not.toBe('from-a-client')
    expect(await res.json()).toEqual({ message: expect.any(String) as string, requestId: id })

    const behindProxy = await observedSite({ trustProxy: true })
    const proxied = await behindProxy.call('/api/auth/login', {
      body: { username: 'emilys' },
      headers: { 'X-Request-Id': 'edge-7f3a' },
    })
    expect(proxied.status).toBe(400)
    expect(proxied.headers.get('X-Request-Id')).toBe('edge-7f3a')
    expect(((await proxied.json()) as { requestId: string }).requestId).toBe('edge-7f3a')
    expect(behindProxy.requestLines()[0]?.reqId).toBe('edge-7f3a')
    // An id that could forge a log line is not taken.
    const forged = await behindProxy.call('/api/products/1', {
      headers: { 'X-Request-Id': 'x" injected="1' },
    })
    expect(forged.headers.get('X-Request-Id')).not.toContain('injected')
  })
})

describe('metrics (prom-client)', () => {
  const token = 'metrics-token-0123456789'

  it('are refused without the token, and not served at all without one configured', async () => {
    expect((await (await observedSite()).call('/metrics')).status).toBe(404)
    const site = await observedSite({ metricsToken: token })
    const refused = await site.call('/metrics')
    expect(refused.status).toBe(401)
    expect(refused.headers.get('WWW-Authenticate')).toMatch(/^Bearer/)
    expect((await site.call('/metrics', { token: 'metrics-token-wrong-guess' })).status).toBe(401)
  })

  it('count requests by route, searches and login refusals, in Prometheus text', async () => {
    const site = await observedSite({ metricsToken: token })
    await site.call('/api/products/7')
    await site.call('/api/products/8')
    await site.call('/api/products/search?q=phone')
    for (let attempt = 0; attempt < 11; attempt += 1)
      await site.call('/api/auth/login', { body: { username: 'emilys', password: 'wrong' } })

    const res = await site.call('/metrics', { token })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const samples = parsePrometheus(await res.text())
    const series = (name: string, labels?: Record<string, string>) =>
      sampleValue(samples, name, labels)
    expect(
      series('http_request_duration_seconds_count', {
        route: '/api/products/:id',
        method: 'GET',
        status: '200',
      }),
    ).toBe(2)
    expect(
      series('http_request_duration_seconds_count', {
        route: '/api/auth/login',
        method: 'POST',
        status: '429',
      }),
    ).toBe(1)
    expect(series('search_duration_seconds_count')).toBe(1)
    expect(series('login_throttle_refusals_total')).toBe(1)
    // The scrape itself is in flight while it is answered.
    expect(series('http_requests_in_flight')).toBe(1)
    expect(series('db_pool_connections', { state: 'in_use' })).toBe(0)
    expect(series('db_pool_connections', { state: 'waiting' })).toBe(0)
  })

  it('include the process metrics in production', async () => {
    const text = await createMetrics().registry.metrics()
    expect(text).toContain('process_cpu_seconds_total')
    expect(text).toContain('nodejs_eventloop_lag_seconds')
  })
})
