import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { inlineScriptPlugin } from './build/inline-script-plugin.ts'

/** Where `npm run build` puts the browser's files (DIST_DIR, as the server reads it). */
const DIST = process.env.DIST_DIR || 'dist'

/**
 * The back office (admin/, docs/architecture.md): an app of its own, built after the storefront
 * into the same client folder (its page at admin/index.html, its files under assets/), so no
 * shopper's page can load a byte of it, and the storefront's chunks and service worker never know
 * it exists. Its own manifest, for `npm run size`.
 */
export default defineConfig({
  plugins: [react(), inlineScriptPlugin()],
  build: {
    outDir: `${DIST}/client`,
    // The storefront's build, made just before, is in the same folder.
    emptyOutDir: false,
    manifest: '.vite/admin-manifest.json',
    target: 'es2022',
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: 'admin/index.html',
      output: {
        entryFileNames: 'assets/admin-[hash].js',
        chunkFileNames: 'assets/admin-[hash].js',
        assetFileNames: 'assets/admin-[hash][extname]',
      },
    },
  },
})
