import { createMemoryHistory, notFound, redirect } from '@tanstack/react-router'
import type { Metric } from 'web-vitals'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Notifier } from '../notify.ts'
import { routePattern } from '../route-pattern.ts'
import { createAppRouter } from '../../router.tsx'
import { testApiLogs } from '../../test/api-server.ts'

// jsdom measures nothing: the library's callbacks are called by the tests, with what Chromium would
// report (the e2e test telemetry.spec.ts runs the real library in Chromium).
const vitals = vi.hoisted(() => ({ callbacks: new Map<string, (metric: Metric) => void>() }))
vi.mock('web-vitals', () => {
  const on = (name: string) => (callback: (metric: Metric) => void) =>
    vitals.callbacks.set(name, callback)
  return {
    onCLS: on('CLS'),
    onFCP: on('FCP'),
    onINP: on('INP'),
    onLCP: on('LCP'),
    onTTFB: on('TTFB'),
  }
})

interface Sent {
  path: string
  body: Record<string, unknown>
  status: number
}

/**
 * jsdom has no sendBeacon: this one sends each report as the browser would, a POST to the site's
 * server, whose real handler (through MSW, src/test/api-server.ts) checks it against its schema.
 */
function captureBeacons() {
  const sent: Promise<Sent>[] = []
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (path: string, body: string) => {
      sent.push(
        fetch(new URL(path, location.href), { method: 'POST', body }).then((response) => ({
          path,
          body: JSON.parse(body) as Record<string, unknown>,
          status: response.status,
        })),
      )
      return true
    },
  })
  return () => Promise.all(sent)
}

/** The one report sent. */
async function onlyBeacon(sentBeacons: () => Promise<Sent[]>): Promise<Sent> {
  const sent = await sentBeacons()
  expect(sent).toHaveLength(1)
  return sent[0] as Sent
}

const silent: Notifier = { error: () => undefined, success: () => undefined }

function routerAt(path: string) {
  return createAppRouter({
    notifier: silent,
    origin: location.origin,
    history: createMemoryHistory({ initialEntries: [path] }),
  })
}

/** A module's own state (what it has sent) starts afresh in each test. */
async function fresh() {
  vi.resetModules()
  return {
    ...(await import('./client-errors.ts')),
    ...(await import('./field-data.ts')),
    ...(await import('./start-telemetry.ts')),
  }
}

let sentBeacons: () => Promise<Sent[]>
beforeEach(() => {
  sentBeacons = captureBeacons()
  vitals.callbacks.clear()
})
afterEach(() => {
  vi.useRealTimers()
  document.head.querySelector('meta[name="vitals-sample-rate"]')?.remove()
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' })
})

function hide() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' })
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
}

describe('the route pattern', () => {
  it.each([
    ['/product/$id', '/product/$id'],
    ['/_auth/myaccount', '/myaccount'],
    ['/products/', '/products/'],
    ['/', '/'],
    ['__root__', 'not-found'],
    [undefined, 'not-found'],
  ])('of %s is %s', (routeId, pattern) => {
    expect(routePattern(routeId)).toBe(pattern)
  })
})

describe('client errors', () => {
  it('sends the message, the stack, the route pattern and the build, which the server accepts', async () => {
    const { reportClientError } = await fresh()
    const router = routerAt('/product/5')
    await router.load()
    const error = new TypeError('price is undefined')
    reportClientError(router, 'caught', error)

    const report = await onlyBeacon(sentBeacons)
    expect(report).toEqual({
      path: '/api/client-errors',
      status: 204,
      body: {
        kind: 'caught',
        message: 'TypeError: price is undefined',
        stack: error.stack,
        route: '/product/$id',
        build: 'dev',
      },
    })
    expect(testApiLogs()).toContainEqual(
      expect.objectContaining({ msg: 'client error', clientError: report.body }),
    )
  })

  it('takes the query out of every address, and cuts the message and stack to size', async () => {
    const { reportClientError } = await fresh()
    const router = routerAt('/search?q=secret')
    await router.load()
    const error = new Error(
      `GET https://shop.example/api/products/search?q=my+address#top failed ${'x'.repeat(900)}`,
    )
    error.stack = `Error\n    at https://shop.example/assets/index.js?v=token:1:2\n${'    at f\n'.repeat(900)}`
    reportClientError(router, 'error', error)

    const { body, status } = await onlyBeacon(sentBeacons)
    expect(status).toBe(204)
    expect(body.route).toBe('/search')
    expect(body.message).toMatch(
      /^Error: GET https:\/\/shop\.example\/api\/products\/search failed x/,
    )
    expect(String(body.message)).toHaveLength(500)
    expect(body.stack).toContain('at https://shop.example/assets/index.js:1:2')
    expect(String(body.stack)).toHaveLength(4000)
    expect(JSON.stringify(body)).not.toMatch(/secret|my\+address|token/)
  })

  it('says only the type of a thrown object, which may hold what the shopper typed', async () => {
    const { reportClientError } = await fresh()
    const router = routerAt('/')
    reportClientError(router, 'unhandledrejection', { cardNumber: '4242424242424242' })
    reportClientError(router, 'unhandledrejection', 'plain words')

    const sent = await sentBeacons()
    expect(sent.map(({ body }) => body.message)).toEqual(['[object Object]', 'plain words'])
    expect(JSON.stringify(sent)).not.toContain('4242')
    expect(sent.every(({ status }) => status === 204)).toBe(true)
  })

  it('leaves out the router’s not-found and redirects, other sites’ scripts, repeats, and past ten', async () => {
    const { reportClientError } = await fresh()
    const router = routerAt('/')
    reportClientError(router, 'caught', notFound())
    reportClientError(router, 'caught', redirect({ to: '/' }))
    reportClientError(router, 'error', 'Script error.')
    reportClientError(router, 'error', new Error('once'))
    reportClientError(router, 'error', new Error('once'))
    for (let n = 0; n < 20; n++) reportClientError(router, 'error', new Error(`error ${n}`))

    const messages = (await sentBeacons()).map(({ body }) => body.message)
    expect(messages).toEqual([
      'Error: once',
      ...Array.from({ length: 9 }, (_, n) => `Error: error ${n}`),
    ])
  })
})

describe('field data', () => {
  const metric = (name: Metric['name'], value: number) => ({ name, value }) as Metric

  it('sends the landing page’s vitals together when the page is hidden, which the server accepts', async () => {
    const { reportFieldData } = await fresh()
    Object.defineProperty(navigator, 'connection', {
      configurable: true,
      value: { effectiveType: '3g' },
    })
    await reportFieldData(routerAt('/'), '/product/5')
    vitals.callbacks.get('TTFB')?.(metric('TTFB', 212.4))
    vitals.callbacks.get('FCP')?.(metric('FCP', 1180.6))
    vitals.callbacks.get('LCP')?.(metric('LCP', 2480))
    vitals.callbacks.get('CLS')?.(metric('CLS', 0.0123456))
    // A page that takes over a minute is sent as a minute, what the server takes.
    vitals.callbacks.get('INP')?.(metric('INP', 75_000))
    expect(await sentBeacons(), 'nothing before the page is hidden').toEqual([])
    hide()

    expect(await onlyBeacon(sentBeacons)).toEqual({
      path: '/api/vitals',
      status: 204,
      body: {
        route: '/product/$id',
        connection: '3g',
        build: 'dev',
        metrics: [
          { name: 'TTFB', value: 212 },
          { name: 'FCP', value: 1181 },
          { name: 'LCP', value: 2480 },
          { name: 'CLS', value: 0.0123 },
          { name: 'INP', value: 60_000 },
        ],
      },
    })
    Reflect.deleteProperty(navigator, 'connection')
  })

  it('sends each metric once, and what comes after the next time the page is hidden', async () => {
    const { reportFieldData } = await fresh()
    await reportFieldData(routerAt('/'), '/nowhere/at/all')
    hide()
    expect(await sentBeacons(), 'nothing measured, nothing sent').toEqual([])
    vitals.callbacks.get('LCP')?.(metric('LCP', 900))
    hide()
    vitals.callbacks.get('CLS')?.(metric('CLS', 0))
    hide()

    const sent = await sentBeacons()
    expect(sent.map(({ body }) => [body.route, body.metrics])).toEqual([
      ['not-found', [{ name: 'LCP', value: 900 }]],
      ['not-found', [{ name: 'CLS', value: 0 }]],
    ])
    expect(sent.every(({ status }) => status === 204)).toBe(true)
  })

  it('sends the taps taken before the app took the page over, once, with the first report', async () => {
    const { reportFieldData } = await fresh()
    const { noteEarlyInteractions } = await import('./early-count.ts')
    noteEarlyInteractions(2)
    await reportFieldData(routerAt('/'), '/product/5')
    vitals.callbacks.get('LCP')?.(metric('LCP', 900))
    hide()
    vitals.callbacks.get('INP')?.(metric('INP', 120))
    hide()

    const sent = await sentBeacons()
    expect(sent.map(({ body, status }) => [body.early, status])).toEqual([
      [2, 204],
      [undefined, 204],
    ])
  })
})

describe('the listeners in the entry', () => {
  function sampleRate(rate: string) {
    const meta = document.createElement('meta')
    meta.name = 'vitals-sample-rate'
    meta.content = rate
    document.head.append(meta)
  }

  it('report the window’s errors and rejections, and React’s, which are still logged', async () => {
    const { startTelemetry } = await fresh()
    const router = routerAt('/cart')
    await router.load()
    const handlers = startTelemetry(router)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('in a handler') }))
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent
    Object.defineProperty(rejection, 'reason', { value: new Error('a promise') })
    window.dispatchEvent(rejection)
    handlers.onCaughtError(new Error('a boundary caught it'))
    handlers.onUncaughtError(new Error('nothing caught it'))

    await vi.waitFor(async () => expect(await sentBeacons()).toHaveLength(4))
    const sent = await sentBeacons()
    expect(sent.map(({ body }) => [body.kind, body.message, body.route])).toEqual([
      ['error', 'Error: in a handler', '/cart'],
      ['unhandledrejection', 'Error: a promise', '/cart'],
      ['caught', 'Error: a boundary caught it', '/cart'],
      ['uncaught', 'Error: nothing caught it', '/cart'],
    ])
    expect(logged).toHaveBeenCalledTimes(2)
    logged.mockRestore()
  })

  /** Runs every timer the page set (load, paint, idle) and waits for the code they import. */
  async function whenIdle() {
    await vi.runAllTimersAsync()
    await vi.dynamicImportSettled()
  }

  it('start measuring once the page is idle, at the rate the server’s page names', async () => {
    sampleRate('1')
    const { startTelemetry } = await fresh()
    vi.useFakeTimers()
    startTelemetry(routerAt('/'))
    expect(vitals.callbacks.size, 'nothing before the page is idle').toBe(0)
    await whenIdle()
    expect(vitals.callbacks.size).toBe(5)
  })

  it('measure nothing at a rate of 0, or without one (the offline shell)', async () => {
    sampleRate('0')
    const { startTelemetry } = await fresh()
    vi.useFakeTimers()
    startTelemetry(routerAt('/'))
    document.head.querySelector('meta[name="vitals-sample-rate"]')?.remove()
    startTelemetry(routerAt('/'))
    await whenIdle()
    expect(vitals.callbacks.size).toBe(0)
  })
})
