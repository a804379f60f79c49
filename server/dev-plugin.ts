import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { loadConfig } from './config.ts'
import { startApi, type ApiRuntime } from './runtime.ts'

type Next = (error?: unknown) => void
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void

/** The part of Vite's dev/preview server this plugin uses (typed here so the server does not depend on Vite). */
export interface MiddlewareHost {
  middlewares: { use(middleware: Middleware): unknown }
  httpServer?: { once(event: 'close', listener: () => void): unknown } | null
}

/** Connect middleware that answers /api and /api/* with the catalogue API and passes everything else on. */
export function apiMiddleware(runtime: Promise<ApiRuntime>): Middleware {
  const listener = getRequestListener(async (request) => (await runtime).app.fetch(request))
  return (req, res, next) => {
    const url = req.url ?? ''
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?'))
      void listener(req, res)
    else next()
  }
}

/**
 * A Vite plugin that mounts the same catalogue API as `npm start` at /api inside Vite's dev and
 * preview servers, so `npm run dev` is one process with one origin.
 */
export function catalogueApiPlugin(env: NodeJS.ProcessEnv = process.env) {
  let runtime: Promise<ApiRuntime> | undefined
  const mount = (server: MiddlewareHost) => {
    runtime ??= startApi(loadConfig(env))
    const opened = runtime
    server.middlewares.use(apiMiddleware(opened))
    server.httpServer?.once('close', () => void opened.then((api) => api.close()))
  }
  return { name: 'meridian-catalogue-api', configureServer: mount, configurePreviewServer: mount }
}
