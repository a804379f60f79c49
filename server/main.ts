import { serve } from '@hono/node-server'
import { loadConfig } from './config.ts'
import { createLogger, flushLogs } from './observability/logger.ts'
import { createMetrics } from './observability/metrics.ts'
import { startApi } from './runtime.ts'
import { createSite } from './site.ts'
import type { NodeBindings } from './http/client-address.ts'
import { clientDirOf, loadAppServer } from './pages/app-server.ts'
import { apiFetcher } from './pages/render-api.ts'
import { externalApiOrigins, readBuildEnv } from './pages/build-env.ts'

// React and the router run their production builds in the server's renders (they read this when
// the app's server entry loads them, after this line).
process.env.NODE_ENV ??= 'production'

// Each replica counts what it serves itself (Prometheus scrapes every one: docs/operating.md § Logs and metrics).
const metrics = createMetrics()

async function start() {
  const config = loadConfig(process.env)
  const logger = createLogger({ level: config.logLevel, replica: config.replicaId })
  // The shop's name as the build has it (VITE_BRAND_NAME), for the mail the server sends.
  const brand = readBuildEnv(clientDirOf(config.distDir))?.VITE_BRAND_NAME
  return { config, logger, api: await startApi(config, { logger, metrics, brand }) }
}

// A bad setting or an unreachable database ends the process with one readable line.
const { config, logger, api } = await start().catch((error: unknown) => {
  console.error(`Meridian cannot start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
const clientDir = clientDirOf(config.distDir)
// The built app may talk to another catalogue API (VITE_API_URL): its pages' CSP allows that one,
// and the server renders its pages from that API too.
const apiOrigins = await externalApiOrigins(readBuildEnv(clientDir)?.VITE_API_URL)
const app = await loadAppServer(config.distDir, {
  fetchApi: apiFetcher(api.app, apiOrigins.length > 0),
  siteUrl: config.siteUrl,
  vitalsSampleRate: config.vitalsSampleRate,
})
const site = createSite(api.app, app && { clientDir, app }, {
  apiOrigins,
  siteUrl: config.siteUrl,
  allowedHosts: config.allowedHosts,
  pageCacheBytes: config.pageCacheBytes,
  stockChanges: (listener) => void api.stock.onChange(listener),
  observability: {
    logger,
    metrics,
    trustProxy: config.trustProxy,
    metricsToken: config.metricsToken,
  },
})

let stopping = false

/**
 * The site, given the request's Node bindings (its socket: the client's address, the port it came
 * in on). Once shutting down, each answer also closes its connection, so clients and load
 * balancers holding keep-alive connections open new ones (to another replica) instead of waiting.
 */
async function fetchSite(request: Request, bindings: NodeBindings): Promise<Response> {
  const response = await site.fetch(request, bindings)
  if (!stopping) return response
  const closing = new Response(response.body, response)
  closing.headers.set('Connection', 'close')
  return closing
}

const server = serve({ fetch: fetchSite, port: config.port, hostname: config.host }, (info) => {
  const host = config.host === '127.0.0.1' || config.host === '0.0.0.0' ? 'localhost' : config.host
  const storage = config.database ? 'PostgreSQL' : 'SQLite'
  logger.info(
    { port: info.port, storage, mail: api.mail },
    `Meridian is running at http://${host}:${info.port} (API at /api, data in ${storage}, mail to ${api.mail})`,
  )
})

// Time the requests in flight get to finish after SIGTERM before the process exits anyway.
const DRAIN_TIMEOUT_MS = 10_000

function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  logger.info({ signal }, `${signal} received, shutting down`)
  // Out at once, not with the next batch (up to a second later, observability/logger.ts): whoever
  // watches a replica go (an orchestrator's log, replicas.test.ts) reads why before it goes.
  logger.flush()
  // Stop accepting connections and finish the requests in flight, then close the database (or
  // its pool): a load balancer sees this replica go and sends the next requests to the others.
  const exit = (code: number) => flushLogs(logger, () => process.exit(code))
  const force = setTimeout(() => {
    logger.error(`Requests still open after ${DRAIN_TIMEOUT_MS} ms: exiting anyway`)
    exit(1)
  }, DRAIN_TIMEOUT_MS)
  force.unref()
  server.close(() => {
    api.close().then(
      () => exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'closing the database failed')
        exit(1)
      },
    )
  })
  if ('closeIdleConnections' in server) server.closeIdleConnections()
}
process.on('SIGINT', () => shutdown('SIGINT'))
process.on('SIGTERM', () => shutdown('SIGTERM'))
