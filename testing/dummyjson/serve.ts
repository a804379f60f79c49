import { serve } from '@hono/node-server'
import { createDummyJsonApp } from './dummyjson-app.ts'
import { DUMMYJSON_CDN, loadRecords } from './records.ts'

export interface StartDummyJsonOptions {
  /** Default 8787 (the port the real DummyJSON was recorded on); 0 picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /**
   * Where the records' pictures should point (see createDummyJsonApp). `'self'` means this
   * server's own URL, which with `port: 0` is only known once it listens.
   */
  imageOrigin?: string
  tokenSecret?: string
}

export interface DummyJsonServer {
  /** e.g. `http://127.0.0.1:8787`, no trailing slash: the API base, as `https://dummyjson.com`. */
  url: string
  /** Where product pictures are served from: this server, another origin, or DummyJSON's CDN. */
  imageOrigin: string
  close(): Promise<void>
}

const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host)

/** Starts the dialect on a port; resolves once it listens. For Playwright's in-process start. */
export function startDummyJson(options: StartDummyJsonOptions = {}): Promise<DummyJsonServer> {
  const { port = 8787, host = '127.0.0.1', tokenSecret } = options
  // Read and check the records before listening, so bad records fail the start, not a request.
  loadRecords()
  let app: ReturnType<typeof createDummyJsonApp> | undefined
  return new Promise((resolve, reject) => {
    const server = serve(
      // Requests only arrive after the listening callback below has made the app.
      { fetch: (request) => app!.fetch(request), port, hostname: host },
      (info) => {
        const url = `http://${urlHost(host)}:${info.port}`
        const imageOrigin = options.imageOrigin === 'self' ? url : options.imageOrigin
        app = createDummyJsonApp({ imageOrigin, tokenSecret })
        server.off('error', reject)
        resolve({
          url,
          imageOrigin: imageOrigin ?? DUMMYJSON_CDN,
          close: () =>
            new Promise<void>((done, fail) => {
              server.close((error) => (error ? fail(error) : done()))
              if ('closeIdleConnections' in server) server.closeIdleConnections()
            }),
        })
      },
    )
    server.once('error', reject)
  })
}
