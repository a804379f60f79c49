import { JSDOM } from 'jsdom'
import { afterAll, beforeAll } from 'vitest'
import { apiFetcher } from '../../server/pages/render-api.ts'
import type { AppServerEntry, FetchApi } from '../../shared/pages/app-server.ts'
import { manifestOptions } from '../../server/pages/router-manifest.ts'
import { createSite, type SiteOptions } from '../../server/site.ts'
import {
  STUB_MANIFEST,
  stubClientBuild,
  type StubClientBuild,
} from '../../testing/stub-client-build.ts'
import { createTestApi, type TestApi } from '../../testing/test-api.ts'
import { createAppServer, START_APP_SCRIPT } from '../entry-server.tsx'

/** The entry as the server loads it: its exports are the seam's (shared/pages/app-server.ts). */
const entry: AppServerEntry = { createAppServer, START_APP_SCRIPT }

/**
 * The whole site as `npm start` serves it, for the tests of the pages the server renders
 * (`*.ssr.test.ts`): the real API, the app's server entry (from source), and a stand-in client
 * build (testing/stub-client-build.ts).
 */

export interface TestSiteOptions extends SiteOptions {
  /** Where the app's requests go while rendering; default: the test API, in-process. */
  fetchApi?: FetchApi
  /** VITALS_SAMPLE_RATE, which the pages tell browsers; default the server's (1). */
  vitalsSampleRate?: number
}

type Site = ReturnType<typeof createSite>

/** A site over `api` (its own page cache): for tests of more than one site, as replicas are. */
export function createTestSite(
  api: TestApi,
  clientDir: string,
  options: TestSiteOptions = {},
): Site {
  const external = (options.apiOrigins?.length ?? 0) > 0
  const app = entry.createAppServer({
    ...manifestOptions(STUB_MANIFEST, clientDir, entry.START_APP_SCRIPT),
    fetchApi: options.fetchApi ?? apiFetcher(api.app, external),
    siteUrl: options.siteUrl,
    vitalsSampleRate: options.vitalsSampleRate,
  })
  // The tests' pages are asked for as http://shop.test/…, a host this site serves.
  return createSite(
    api.app,
    { clientDir, app },
    { allowedHosts: ['localhost', 'shop.test'], ...options },
  )
}

/** A page of the site as a browser without JavaScript gets it: status, headers, and its DOM. */
export async function fetchPage(site: Site, url: string) {
  const response = await site.request(url)
  const html = await response.text()
  const { document } = new JSDOM(html).window
  const meta = (key: string) =>
    document.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content')
  const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent) as Record<string, unknown>,
  )
  return { response, html, document, meta, jsonLd }
}

/**
 * The set-up of an SSR test file: one test API and one stand-in client build for the file's tests
 * (made before them, removed after them). `site(options)` is a new site over them (its own page
 * cache, logs and metrics); `page(path)` fetches `http://shop.test{path}` from one.
 */
export function setUpTestSite() {
  let api: TestApi | undefined
  let build: StubClientBuild | undefined
  beforeAll(async () => {
    api = await createTestApi()
    build = stubClientBuild()
  })
  afterAll(() => build?.remove())

  const ready = () => {
    if (!api || !build) throw new Error('setUpTestSite() sets its site up before the tests run')
    return { api, clientDir: build.clientDir }
  }
  const site = (options?: TestSiteOptions) => {
    const { api, clientDir } = ready()
    return createTestSite(api, clientDir, options)
  }
  return {
    /** The test API the site serves and its pages read. */
    api: () => ready().api,
    site,
    page: (path: string, options?: TestSiteOptions) =>
      fetchPage(site(options), `http://shop.test${path}`),
  }
}
