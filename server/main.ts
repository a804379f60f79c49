import { serve } from '@hono/node-server'
import { loadConfig } from './config.ts'
import { startApi } from './runtime.ts'
import { createSite } from './site.ts'
import { externalApiOrigins, readBuildEnv } from './static/build-env.ts'

const config = loadConfig(process.env)
const api = await startApi(config)
const dist = config.distDir
// The built app may talk to another catalogue API (VITE_API_URL): its pages' CSP allows that one.
const apiOrigins = await externalApiOrigins(readBuildEnv(dist)?.VITE_API_URL)
const site = createSite(api.app, dist, { apiOrigins, siteUrl: config.siteUrl })

const server = serve({ fetch: site.fetch, port: config.port, hostname: config.host }, (info) => {
  const host = config.host === '127.0.0.1' || config.host === '0.0.0.0' ? 'localhost' : config.host
  console.log(`Meridian is running at http://${host}:${info.port} (API at /api)`)
})

let stopping = false
function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`${signal} received, shutting down`)
  // Finish requests in flight, then close the database; force the exit if a client hangs on.
  const force = setTimeout(() => process.exit(1), 5000)
  force.unref()
  server.close(() => {
    api.close()
    process.exit(0)
  })
  if ('closeIdleConnections' in server) server.closeIdleConnections()
}
process.on('SIGINT', () => shutdown('SIGINT'))
process.on('SIGTERM', () => shutdown('SIGTERM'))
