import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

const SOURCE = new URL('../src/service-worker/service-worker.js', import.meta.url)

/**
 * Emits /sw.js into the build: the service worker source with this build's id, its API's URL and
 * the list of every file the build produced (its precache), so offline use needs no separate
 * manifest step.
 */
export function serviceWorkerPlugin(buildId: string): Plugin {
  // The API the build talks to (VITE_API_URL, default /api): its reads and images are cached.
  let apiUrl = '/api'
  return {
    name: 'meridian-service-worker',
    apply: 'build',
    configResolved(config) {
      const configured = (config.env.VITE_API_URL as string | undefined)?.trim()
      if (configured) apiUrl = configured
    },
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((file) => !file.endsWith('.map') && !file.startsWith('.vite/'))
        .map((file) => `/${file}`)
      const precache = [
        '/',
        ...files.filter((file) => file !== '/index.html'),
        '/index.html',
        '/favicon.svg',
      ]
      const source = readFileSync(SOURCE, 'utf8')
        .replace("'__BUILD_ID__'", JSON.stringify(buildId))
        .replace("'__API_URL__'", JSON.stringify(apiUrl))
        .replace('self.__PRECACHE_MANIFEST', JSON.stringify([...new Set(precache)]))
      this.emitFile({ type: 'asset', fileName: 'sw.js', source })
    },
  }
}
