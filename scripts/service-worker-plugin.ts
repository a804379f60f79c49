import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

const SOURCE = new URL('../src/service-worker/service-worker.js', import.meta.url)

/**
 * Emits /sw.js into the build: the service worker source with this build's id and the list of
 * every file the build produced (its precache), so offline use needs no separate manifest step.
 */
export function serviceWorkerPlugin(buildId: string): Plugin {
  return {
    name: 'meridian-service-worker',
    apply: 'build',
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
        .replace('self.__PRECACHE_MANIFEST', JSON.stringify([...new Set(precache)]))
      this.emitFile({ type: 'asset', fileName: 'sw.js', source })
    },
  }
}
