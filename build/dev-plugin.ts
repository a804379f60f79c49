import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { loadConfig } from '../server/config.ts'
import { createLogger, type Logger } from '../server/observability/logger.ts'
import { startApi, type ApiRuntime } from '../server/runtime.ts'
import { createSite } from '../server/site.ts'
import { isAppServerEntry } from '../server/pages/app-server.ts'
import { apiFetcher } from '../server/pages/render-api.ts'

type Next = (error?: unknown) => void
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void

/** The part of Vite's dev/preview server this plugin uses (typed here so the server does not depend on Vite). */
export interface MiddlewareHost {
  middlewares: { use(middleware: Middleware): unknown }
  httpServer?: { once(event: 'close', listener: () => void): unknown } | null
}

/** And of the dev server alone: it loads the app's server entry from source. */
export interface DevServerHost extends MiddlewareHost {
  ssrLoadModule(url: string): Promise<Record<string, unknown>>
  transformIndexHtml(url: string, html: string): Promise<string>
}

/** The app's server entry, as `npm run build` makes dist/server/entry-server.js of it. */
const SERVER_ENTRY = '/src/entry-server.tsx'
/** In development the browser loads the app's source; Vite serves its styles from the script. */
const DEV_MANIFEST = {
  routes: { __root__: { scripts: [{ attrs: { type: 'module', src: '/src/main.tsx' } }] } },
}

/**
 * Vite adds its scripts to the head on lines of their own: React hydrates past extra tags in the
 * head, but not past the line breaks between them (a hydration error in development only).
 */
const withoutHeadWhitespace = (html: string) =>
  html.replace(
    /<head>([\s\S]*?)<\/head>/,
    (_, head: string) => `<head>${head.replace(/>\s+</g, '><').trim()}</head>`,
  )

/** A request for a page of the app: a navigation, not a file, Vite's own or the API's. */
function isPageRequest(req: IncomingMessage): boolean {
  const path = (req.url ?? '/').split('?')[0] ?? '/'
  return (
    req.method === 'GET' &&
    Boolean(req.headers.accept?.includes('text/html')) &&
    !/^\/(api|@|src\/|node_modules\/)/.test(path) &&
    !/\.[a-z0-9]+$/i.test(path)
  )
}

/**
 * Connect middleware that renders pages as `npm start` does, from the app's source (Vite reloads
 * what changed), into Vite's own HTML (its client and React's refresh): a hydration mismatch
 * shows in development too.
 */
export function pageMiddleware(server: DevServerHost, runtime: Promise<ApiRuntime>): Middleware {
  return (req, res, next) => {
    if (!isPageRequest(req)) return next()
    void (async () => {
      const url = req.url ?? '/'
      // The back office is an app of its own (admin/): its one page, rendered in the browser.
      if (/^\/admin(\/|\?|$)/.test(url)) {
        const page = readFileSync(join(process.cwd(), 'admin', 'index.html'), 'utf8')
        const html = await server.transformIndexHtml(url, page)
        res.writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-store',
        })
        res.end(html)
        return
      }
      const entry = await server.ssrLoadModule(SERVER_ENTRY)
      if (!isAppServerEntry(entry)) throw new Error(`${SERVER_ENTRY} is not the app's server entry`)
      const app = entry.createAppServer({
        fetchApi: apiFetcher((await runtime).app, false),
        manifest: DEV_MANIFEST,
      })
      const { response } = await app.render(new Request(`http://${req.headers.host}${url}`))
      const location = response.headers.get('Location')
      if (location) {
        res.writeHead(response.status, { Location: location }).end()
        return
      }
      const html = withoutHeadWhitespace(
        await server.transformIndexHtml(url, await response.text()),
      )
      res.writeHead(response.status, { 'Content-Type': 'text/html; charset=utf-8' }).end(html)
    })().catch(next)
  }
}

/**
 * Connect middleware that answers /api and /api/* with the catalogue API and passes everything else
 * on. The API goes through the site's front (request ids, one log line per request).
 */
export function apiMiddleware(runtime: Promise<ApiRuntime>, logger?: Promise<Logger>): Middleware {
  const site = Promise.all([runtime, logger]).then(([api, log]) =>
    createSite(api.app, undefined, { observability: { logger: log } }),
  )
  // The Node bindings go along: the limits count each client by its socket's address.
  const listener = getRequestListener(async (request, bindings) =>
    (await site).fetch(request, bindings),
  )
  return (req, res, next) => {
    const url = req.url ?? ''
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?'))
      void listener(req, res)
    else next()
  }
}

/**
 * A Vite plugin that mounts the same catalogue API as `npm start` at /api inside Vite's dev and
 * preview servers, so `npm run dev` is one process with one origin; the dev server also renders
 * the pages on the server, as `npm start` does (`vite preview` serves the built offline shell).
 */
export function catalogueApiPlugin(env: NodeJS.ProcessEnv = process.env) {
  let runtime: Promise<ApiRuntime> | undefined
  // Readable lines in development (pino-pretty, a devDependency); JSON lines from `npm start`.
  const logger = import('pino-pretty').then(({ default: pretty }) =>
    createLogger({ level: env.LOG_LEVEL || 'info', destination: pretty({ singleLine: true }) }),
  )
  const mount = (server: MiddlewareHost) => {
    runtime ??= logger.then((log) => startApi(loadConfig(env), { logger: log }))
    const opened = runtime
    server.middlewares.use(apiMiddleware(opened, logger))
    server.httpServer?.once('close', () => void opened.then((api) => api.close()))
    return opened
  }
  return {
    name: 'meridian-catalogue-api',
    configureServer: (server: DevServerHost) => {
      server.middlewares.use(pageMiddleware(server, mount(server)))
    },
    configurePreviewServer: (server: MiddlewareHost) => void mount(server),
  }
}
