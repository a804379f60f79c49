import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Manifest } from '@tanstack/react-router'
import { ROUTER_MANIFEST_FILE, STATUS_PAGES } from '../server/pages/router-manifest.ts'

/**
 * A stand-in for the client build (`dist/client`) that the site serves beside its pages: an offline
 * shell with one inline script, one entry script, three stylesheets and the router's manifest file,
 * and the back office's page and script, in a temporary folder. For the tests of the site (server/site.test.ts) and of the pages the app
 * renders on the server (src/*.ssr.test.ts, through src/test/test-site.ts).
 */

/** The shell's inline script (the site's policy names its hash). */
export const STUB_SHELL_SCRIPT = 'document.documentElement.dataset.theme="light"'

/** The back office's page's inline script (its own policy names its hash). */
export const STUB_BACK_OFFICE_SCRIPT = 'document.documentElement.dataset.theme="dark"'

/** The stand-in build's stylesheets: the root's (every page), the product page's, a 404's. */
export const STUB_CSS = {
  root: 'body{margin:0}.header{position:sticky}',
  product: '.gallery{display:grid}',
  status: '.status{padding:1rem}',
}

/** The router's manifest naming the stand-in build's files, as the real build's names its own. */
export const STUB_MANIFEST: Manifest = {
  routes: {
    __root__: {
      css: ['/assets/index-abc.css'],
      scripts: [{ attrs: { type: 'module', src: '/assets/index-abc.js' } }],
    },
    '/product/$id': { preloads: ['/assets/product-abc.js'], css: ['/assets/product-abc.css'] },
    [STATUS_PAGES]: { preloads: ['/assets/not-found-abc.js'], css: ['/assets/status-abc.css'] },
  },
}

export interface StubClientBuild {
  clientDir: string
  remove: () => void
}

export function stubClientBuild(): StubClientBuild {
  const clientDir = mkdtempSync(join(tmpdir(), 'meridian-client-'))
  mkdirSync(join(clientDir, 'assets'))
  mkdirSync(join(clientDir, '.vite'))
  writeFileSync(
    join(clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Meridian</title>' +
      `<script>${STUB_SHELL_SCRIPT}</script>` +
      '<script type="module" src="/assets/index-abc.js"></script></head><body></body></html>',
  )
  mkdirSync(join(clientDir, 'admin'))
  writeFileSync(
    join(clientDir, 'admin', 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Back office</title>' +
      `<script>${STUB_BACK_OFFICE_SCRIPT}</script>` +
      '<script type="module" src="/assets/admin-abc.js"></script></head><body></body></html>',
  )
  writeFileSync(join(clientDir, 'assets', 'admin-abc.js'), 'console.log("back office")')
  writeFileSync(
    join(clientDir, 'assets', 'index-abc.js'),
    `console.log(${JSON.stringify('x'.repeat(5000))})`,
  )
  writeFileSync(join(clientDir, 'assets', 'index-abc.css'), STUB_CSS.root)
  writeFileSync(join(clientDir, 'assets', 'product-abc.css'), STUB_CSS.product)
  writeFileSync(join(clientDir, 'assets', 'status-abc.css'), STUB_CSS.status)
  writeFileSync(join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  // A real build has it; the site must never serve it (the router reads it at start).
  writeFileSync(join(clientDir, ROUTER_MANIFEST_FILE), '{}')
  return { clientDir, remove: () => rmSync(clientDir, { recursive: true, force: true }) }
}
