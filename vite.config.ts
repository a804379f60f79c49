/// <reference types="vitest/config" />
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig, type PluginOption } from 'vite'
import { catalogueApiPlugin } from './server/dev-plugin.ts'
import { buildEnvPlugin } from './scripts/build-env-plugin.ts'
import { preloadAppStartPlugin } from './scripts/preload-app-start-plugin.ts'
import { serviceWorkerPlugin } from './scripts/service-worker-plugin.ts'

/**
 * Identifies this build: the persisted query cache and the service worker's caches are tied to
 * it, so a new build never reads an older one's data. BUILD_ID may be set (e.g. to a commit).
 */
const buildId = process.env.BUILD_ID ?? Date.now().toString(36)

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|jotai|ky|valibot|@tanstack[\\/](react-router|router-core|history|store|react-store|react-query|query-core|query-sync-storage-persister|query-persist-client-core|react-query-persist-client))[\\/]/
// Library code only the on-demand chunks use (the account forms' mutations): kept out of the
// framework chunk, so pages load it with the code that needs it.
const LAZY_LIBRARY =
  /@tanstack[\\/](query-core|react-query)[\\/].*[\\/](mutationObserver|useMutation)\.js$/
// The app's own code that the layout (and so every page) needs, with the route definitions (their
// loaders and search schemas; the router needs them all at start, the page components stay split):
// not the features' ui.ts modules (components for pages), whose dependencies the group would
// otherwise pull into every page.
const APP_SHELL =
  /[\\/]src[\\/](routes[\\/][^\\/?]+\.tsx$|lib|components|styles|features[\\/](layout|theme|account|cart|catalog)[\\/](?!components[\\/](listing|filter|sort|product-grid))(?!ui\.ts$)[^\\/]*\.(ts|tsx|css)$)/

// The chunks index.html loads on every page (see the groups below and preload-app-start-plugin.ts).
const ALWAYS_LOADED = /^assets\/(framework|app|preload-helper|rolldown-runtime)-[\w-]+\.(js|css)$/

// Modules in those folders that only on-demand code uses (forms, listings, the footer): they load
// with that code, not on every first visit.
const ON_DEMAND =
  /[\\/]src[\\/](features[\\/](account[\\/](use-account|account\.(api|schemas|queries))|catalog[\\/](use-listing|filter-products)|theme[\\/]theme-toggle)|components[\\/](breadcrumb|carousel|disclosure|form-field)|lib[\\/]use-debounced-value)\./

export default defineConfig(({ command }) => ({
  define: { __BUILD_ID__: JSON.stringify(command === 'build' ? buildId : 'dev') },
  resolve: {
    alias: [
      // React 19 has useSyncExternalStore: the router's store needs no shim for older Reacts.
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(
          new URL('./src/lib/use-sync-external-store.ts', import.meta.url),
        ),
      },
    ],
  },
  plugins: [
    // Must come before the React plugin: it rewrites route files for automatic code splitting.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      quoteStyle: 'single',
      semicolons: false,
    }),
    react(),
    // `npm run dev` / `vite preview` serve the real catalogue API at /api in the same process;
    // never under Vitest, whose tests talk to the API's handler through MSW instead.
    command === 'serve' && !process.env.VITEST ? (catalogueApiPlugin() as PluginOption) : undefined,
    preloadAppStartPlugin(),
    serviceWorkerPlugin(buildId),
    buildEnvPlugin(),
  ],
  build: {
    // The manifest lets `npm run size` attribute every chunk to the route that loads it.
    manifest: true,
    target: 'es2022',
    // Every browser the build targets supports <link rel="modulepreload">: no polyfill.
    modulePreload: {
      polyfill: false,
      // What every page loads before its first dynamic import runs (index.html links it) needs
      // no second mention in each import's preload list; index.html itself keeps its links.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !ALWAYS_LOADED.test(dep)),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Vite's dynamic-import helper, on its own: the entry (main.tsx) needs only it, and
            // in the app group it would make the entry wait for the whole app to evaluate.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 1 },
            // What every page runs, in one file: one request instead of dozens of small ones,
            // which on a slow connection (HTTP/1.1, six connections) costs whole round trips.
            { name: 'framework', test: (id) => FRAMEWORK.test(id) && !LAZY_LIBRARY.test(id) },
            { name: 'app', test: (id) => APP_SHELL.test(id) && !ON_DEMAND.test(id) },
            // The class names the product page shares with its carousels: one file, not two.
            {
              name: 'product-styles',
              test: /[\\/]src[\\/]features[\\/]product[\\/]components[\\/][\w-]+\.module\.css$/,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./vitest.setup.ts'],
          environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
        },
      },
    ],
  },
}))
