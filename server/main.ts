import { serve } from '@hono/node-server'
import { loadConfig } from './config.ts'
import { startApi } from './runtime.ts'
import { createSite } from './site.ts'
import { apiFetcher, clientDirOf, loadAppServer } from './static/app-server.ts'
import { externalApiOrigins, readBuildEnv } from './static/build-env.ts'

// React and the router run their production builds in the server's renders (they read this when
// the app's server entry loads them, after this line).
process.env.NODE_ENV ??= 'production'

async function start() {
  const config = loadConfig(process.env)
  return { config, api: await startApi(config) }
}

// A bad setting or an unreachable database ends the process with one readable line.
const { config, api } = await start().catch((error: unknown) => {
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
})
const site = createSite(api.app, app && { clientDir, app }, { apiOrigins, siteUrl: config.siteUrl })

let stopping = false

/**
 * The site; once shutting down, each answer also closes its connection, so clients and load
 * balancers holding keep-alive connections open new ones (to another replica) instead of waiting.
 */
async function fetchSite(request: Request): Promise<Response> {
  const response = await site.fetch(request)
  if (!stopping) return response
  const closing = new Response(response.body, response)
  closing.headers.set('Connection', 'close')
  return closing
}

const server = serve({ fetch: fetchSite, port: config.port, hostname: config.host }, (info) => {
  const host = config.host === '127.0.0.1' || config.host === '0.0.0.0' ? 'localhost' : config.host
  const storage = config.database ? 'PostgreSQL' : 'SQLite'
  console.log(
    `Meridian is running at http://${host}:${info.port} (API at /api, users in ${storage})`,
  )
})

// Time the requests in flight get to finish after SIGTERM before the process exits anyway.
const DRAIN_TIMEOUT_MS = 10_000

function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`${signal} received, shutting down`)
  // Stop accepting connections and finish the requests in flight, then close the database (or
  // its pool): a load balancer sees this replica go and sends the next requests to the others.
  const force = setTimeout(() => {
    console.error(`Requests still open after ${DRAIN_TIMEOUT_MS} ms: exiting anyway`)
    process.exit(1)
  }, DRAIN_TIMEOUT_MS)
  force.unref()
  server.close(() => {
    api.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  })
  if ('closeIdleConnections' in server) server.closeIdleConnections()
}
process.on('SIGINT', () => shutdown('SIGINT'))
process.on('SIGTERM', () => shutdown('SIGTERM'))
