import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Manifest } from '@tanstack/react-router'
import { JSDOM } from 'jsdom'
import { apiFetcher, type FetchApi } from '../../server/pages/app-server.ts'
import { manifestOptions, STATUS_PAGES } from '../../server/pages/router-manifest.ts'
import { createSite, type SiteOptions } from '../../server/site.ts'
import { createTestApi, type TestApi } from '../../testing/test-api.ts'
import { createAppServer } from '../entry-server.tsx'

/**
 * The whole site as `npm start` serves it, for tests of the pages the server renders: the real
 * API, the app's server entry (from source), and a stand-in client build (its offline shell, one
 * script, the router's manifest naming them).
 */
export const TEST_MANIFEST: Manifest = {
  routes: {
    __root__: {
      css: ['/assets/index-abc.css'],
      scripts: [{ attrs: { type: 'module', src: '/assets/index-abc.js' } }],
    },
    '/product/$id': { preloads: ['/assets/product-abc.js'], css: ['/assets/product-abc.css'] },
    [STATUS_PAGES]: { preloads: ['/assets/not-found-abc.js'], css: ['/assets/status-abc.css'] },
  },
}

/** The stand-in build's stylesheets: the root's (every page), the product page's, a 404's. */
export const STUB_CSS = {
  root: 'body{margin:0}.header{position:sticky}',
  product: '.gallery{display:grid}',
  status: '.status{padding:1rem}',
}

export function stubClientBuild(): { clientDir: string; remove: () => void } {
  const clientDir = mkdtempSync(join(tmpdir(), 'meridian-client-'))
  mkdirSync(join(clientDir, 'assets'))
  writeFileSync(
    join(clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Meridian</title>' +
      '<script>document.documentElement.dataset.theme="light"</script>' +
      '<script type="module" src="/assets/index-abc.js"></script></head><body></body></html>',
  )
  writeFileSync(
    join(clientDir, 'assets', 'index-abc.js'),
    `console.log(${JSON.stringify('x'.repeat(5000))})`,
  )
  writeFileSync(join(clientDir, 'assets', 'index-abc.css'), STUB_CSS.root)
  writeFileSync(join(clientDir, 'assets', 'product-abc.css'), STUB_CSS.product)
  writeFileSync(join(clientDir, 'assets', 'status-abc.css'), STUB_CSS.status)
  return { clientDir, remove: () => rmSync(clientDir, { recursive: true, force: true }) }
}

export interface TestSiteOptions extends SiteOptions {
  /** Where the app's requests go while rendering; default: the test API, in-process. */
  fetchApi?: FetchApi
  /** VITALS_SAMPLE_RATE, which the pages tell browsers; default the server's (1). */
  vitalsSampleRate?: number
}

export function createTestSite(api: TestApi, clientDir: string, options: TestSiteOptions = {}) {
  const external = (options.apiOrigins?.length ?? 0) > 0
  const app = createAppServer({
    ...manifestOptions(TEST_MANIFEST, clientDir),
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
export async function fetchPage(site: ReturnType<typeof createSite>, url: string) {
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

export { createTestApi, type TestApi }
