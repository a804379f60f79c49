/// <reference types="vitest/config" />
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type PluginOption } from 'vite'
import { catalogueApiPlugin } from './build/dev-plugin.ts'
import { buildEnvironment, buildEnvPlugin } from './build/build-env-plugin.ts'
import { compileHintsPlugin } from './build/compile-hints-plugin.ts'
import { inlineScriptPlugin } from './build/inline-script-plugin.ts'
import { pwaPlugin } from './build/pwa-plugin.ts'
import { routerManifestPlugin } from './build/router-manifest-plugin.ts'
import { DEFAULT_BRAND } from './src/lib/head/rules.ts'

/**
 * Identifies this build: the persisted query cache and the service worker's caches are tied to
 * it, so a new build never reads an older one's data. BUILD_ID may be set (e.g. to a commit);
 * `npm run build` sets one for both of its builds (build/build.ts).
 */
const buildId = process.env.BUILD_ID || Date.now().toString(36)

/** Where `npm run build` puts the browser's files and the server's entry (DIST_DIR, as the server reads it). */
const DIST = process.env.DIST_DIR || 'dist'

/** Test files that put the real server processes under load (see the `load` test project). */
const LOAD_TESTS = [
  'server/load.test.ts',
  'server/replicas.test.ts',
  'server/orders-replicas.test.ts',
]

export default defineConfig(({ command, mode, isSsrBuild }) => {
  const routerManifest = routerManifestPlugin()
  const brand = buildEnvironment(mode).VITE_BRAND_NAME ?? DEFAULT_BRAND
  return {
    define: {
      __BUILD_ID__: JSON.stringify(command === 'build' ? buildId : 'dev'),
      // The server's entry bundles React, which picks its build by NODE_ENV when it runs: `npm
      // start` sets none, and React's development build renders a page several times slower.
      ...(isSsrBuild && command === 'build' && mode === 'production'
        ? { 'process.env.NODE_ENV': JSON.stringify('production') }
        : {}),
    },
    plugins: [
      // Must come before the React plugin: it rewrites route files for automatic code splitting.
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        // A route's loader travels with its page's code, so the entry carries only what every page
        // needs (docs/performance.md). Links preload both on intent, and after the first visit the
        // service worker has every chunk, so a navigation rarely waits for the chunk first.
        codeSplittingOptions: {
          defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
        },
        quoteStyle: 'single',
        semicolons: false,
        // Hands the generated routes to the router's manifest (each page's stylesheets and code).
        plugins: [routerManifest.generatorPlugin],
      }),
      routerManifest.inlineCssPlugin,
      react(),
      inlineScriptPlugin(),
      // `npm run dev` / `vite preview` serve the real catalogue API at /api in the same process;
      // never under Vitest, whose tests talk to the API's handler through MSW instead.
      command === 'serve' && !process.env.VITEST
        ? (catalogueApiPlugin() as PluginOption)
        : undefined,
      pwaPlugin(brand),
      buildEnvPlugin(),
      routerManifest.vitePlugin,
      compileHintsPlugin(),
    ],
    // The server's entry carries its dependencies (React, the router…) inside: dist/ runs anywhere,
    // not only beside this checkout's node_modules (a build shipped as a folder, DIST_DIR). The
    // dev server loads them from node_modules as they are (CommonJS ones included).
    ssr: command === 'build' ? { noExternal: true } : undefined,
    resolve: {
      alias: {
        // TanStack Store asks for the shim of useSyncExternalStore, which carries its own copy for
        // React before 18; React 19 has it built in, and the shim's entry only hands that over.
        'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
      },
    },
    build: {
      outDir: `${DIST}/${isSsrBuild ? 'server' : 'client'}`,
      emptyOutDir: true,
      // The manifest lets `npm run size` weigh the chunks loaded on demand.
      manifest: !isSsrBuild,
      target: 'es2022',
      // Every browser the build targets supports <link rel="modulepreload">: no polyfill.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // Shared chunks and assets are named by their hash alone: the entry lists every chunk a
          // route's import() needs (about 95 names, on every page), and a name there costs each
          // route about 0.7 KB gzip (docs/performance.md). The entry keeps its name (index-*.js);
          // Vite's manifest (.vite/manifest.json) says which source each file holds.
          ...(!isSsrBuild && {
            chunkFileNames: 'assets/[hash].js',
            assetFileNames: 'assets/[hash][extname]',
          }),
          codeSplitting: {
            groups: [
              // What the entry imports statically runs on every page: one file, not dozens of small
              // shared ones (each a request and a worse compression). Routes and import()s stay split.
              { name: 'app', tags: ['$initial'] },
              // The small pieces home, listings, search and the product page all load (a part's
              // Retry state and its button, Suspense queries, the product card, what sets a carousel
              // up when reached for): one file, not seven. The product grid, which home does not
              // show, stays out.
              {
                name: 'pages',
                test: /\/src\/components\/(button|error-state|query-boundary|product-card)\.tsx|\/src\/lib\/enhance-on-reach\.ts|\/@tanstack\/(query-core|react-query)\/.*(infinite|useSuspenseQuery|useBaseQuery)/i,
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
            include: [
              'server/**/*.test.ts',
              'shared/**/*.test.ts',
              'build/**/*.test.ts',
              'testing/**/*.test.ts',
            ],
            exclude: LOAD_TESTS,
            sequence: { groupOrder: 0 },
          },
        },
        {
          // The app as the server renders it (entry-server.tsx): whole pages through the site.
          extends: true,
          test: {
            name: 'ssr',
            environment: 'node',
            include: ['src/**/*.ssr.test.{ts,tsx}'],
            // A file's first page loads the app's route modules as it renders (the client tests'
            // warmUp does so before them): about a second here, over 5 s beside a second run.
            testTimeout: 20_000,
            sequence: { groupOrder: 0 },
          },
        },
        {
          extends: true,
          test: {
            name: 'client',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: ['src/**/*.ssr.test.{ts,tsx}'],
            setupFiles: ['./vitest.setup.ts'],
            environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
            // Room for a wait's 5 s (vitest.setup.ts) inside a test on a busy machine.
            testTimeout: 20_000,
            sequence: { groupOrder: 0 },
          },
        },
        {
          // The back office (admin/): an app of its own, with a set-up of its own.
          extends: true,
          test: {
            name: 'admin',
            environment: 'jsdom',
            include: ['admin/**/*.test.{ts,tsx}'],
            setupFiles: ['./admin/test/setup.ts'],
            environmentOptions: { jsdom: { url: 'http://localhost:3000/admin' } },
            testTimeout: 20_000,
            sequence: { groupOrder: 0 },
          },
        },
        {
          // The load tests measure latency on the machine's cores: a group of their own
          // (groupOrder) and one file at a time, so no other test file runs beside them.
          extends: true,
          test: {
            name: 'load',
            environment: 'node',
            include: LOAD_TESTS,
            fileParallelism: false,
            sequence: { groupOrder: 1 },
          },
        },
      ],
    },
  }
})
