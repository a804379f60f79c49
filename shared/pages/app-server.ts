/**
 * The seam between the server and the app's server entry (src/entry-server.tsx, built into
 * dist/server/entry-server.js): what the entry exports, and what each side hands the other. The
 * entry implements these types and the server (server/pages/) loads it by them; neither declares
 * them again.
 */

/** A file a route needs: its address, or its address with attributes. */
export type AssetLink = string | { href: string }

/**
 * The router's manifest, as the server hands it to the entry (server/pages/router-manifest.ts
 * makes it from the client build's): each route's stylesheets, code and start-up scripts, and
 * the stylesheets' text, which the router writes into a page's head in place of their links.
 */
export interface PageManifest {
  routes: Record<
    string,
    {
      preloads?: AssetLink[]
      css?: AssetLink[]
      scripts?: { attrs?: Record<string, string>; children?: string }[]
    }
  >
  inlineCss?: { styles: Record<string, string> }
}

/**
 * Answers the app's API requests during a render: the site's own API in-process, or another API
 * (VITE_API_URL) over the network. `origin` is the page's, for the absolute URLs answers carry.
 */
export type FetchApi = (request: Request, origin: string) => Promise<Response>

export interface AppServerOptions {
  /** The client build's assets per route (the router's manifest). */
  manifest?: PageManifest
  /** Where the app's requests go during a render. */
  fetchApi: FetchApi
  /** The site's public origin (SITE_URL); default: each request's own. */
  siteUrl?: string
  /** The share of page loads whose field data browsers send (VITALS_SAMPLE_RATE); default 1. */
  vitalsSampleRate?: number
  /**
   * What the head of a page answered with a 404 or 500 also needs: the styles of the not-found
   * and error pages, which belong to no route the router could name.
   */
  statusPageHead?: string
}

export interface RenderOptions {
  /** Render the layout only, for the browser to load the page itself. */
  shell?: boolean
  /** Aborts the render's API requests (a deadline for a slow API). */
  signal?: AbortSignal
  /**
   * Find an order's form as a browser without JavaScript sent it (POST /orders/find): the page
   * is rendered with what it finds, for this shopper alone (decisions.md § Orders).
   */
  findOrder?: FindOrderSent
}

/** Find an order's form as sent to the server, and the API's lookup as its sender reaches it. */
export interface FindOrderSent {
  /** The form's fields as typed; none when the body could not be read (its type, its size). */
  fields?: { number: string; email: string }
  /**
   * POST orders/lookup for the shopper who sent the form: the API counts a failed lookup against
   * their address, as it counts the app's own request. No other request goes through it.
   */
  lookup: FetchApi
}

export interface RenderedPage {
  /** The page's whole HTML, its status and headers; or a redirect. */
  response: Response
  /**
   * False when some data the page shows could not be had (the API failed or was too slow; not a
   * page that does not exist): the server then sends the layout for the browser to fill in.
   */
  complete: boolean
  /** The route pattern it matched (`/product/$id`), for the server's logs and metrics. */
  route?: string
  /** The products it shows: the page is stale once one of their stock changes. */
  productIds?: readonly number[]
}

/** The app on the server: each page's first view, and the site's documents for crawlers. */
export interface AppServer {
  render: (request: Request, options?: RenderOptions) => Promise<RenderedPage>
  /** The address a page is rendered and kept for: its path and only the query its routes read. */
  pageUrl: (url: string) => string
  sitemapXml: (origin: string) => Promise<string>
  robotsTxt: (origin: string) => string
}

/** What the built server entry exports. */
export interface AppServerEntry {
  createAppServer: (options: AppServerOptions) => AppServer
  /** The text of the inline script that starts the app once a page has painted. */
  START_APP_SCRIPT: string
}
