import { VitePWA } from 'vite-plugin-pwa'
import { PAGE_NAMES, siteDescription } from '../src/lib/head/rules.ts'
import { lightToken } from './design-tokens.ts'
import { developerOnlyChunks } from './developer-only-chunks.ts'

/**
 * The service worker (Workbox, src/service-worker/sw.ts, with this build's files to precache),
 * the web app manifest, and the icons made from the one SVG logo (pwa-assets.config.ts).
 */
export function pwaPlugin(brand: string) {
  const developerOnly = developerOnlyChunks()
  return [developerOnly.plugin, serviceWorker(brand, developerOnly.files)]
}

const serviceWorker = (brand: string, developerOnly: ReadonlySet<string>) =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    // A new build waits for the shopper's Reload (lib/service-worker.ts registers it).
    registerType: 'prompt',
    injectRegister: false,
    pwaAssets: { config: true, overrideManifestIcons: true },
    // Every file of the build (icons included; the manifest the plugin adds itself) but the
    // developers' devtools, which no shopper's page loads.
    includeManifestIcons: false,
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,ico}'],
      globIgnores: ['.vite/**'],
      manifestTransforms: [
        (entries) => ({ manifest: entries.filter((entry) => !developerOnly.has(entry.url)) }),
      ],
    },
    manifest: {
      id: '/',
      name: brand,
      short_name: brand,
      description: siteDescription(brand),
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: lightToken('--color-primary'),
      background_color: lightToken('--color-bg'),
      categories: ['shopping'],
      shortcuts: [
        { name: PAGE_NAMES.allProducts, url: '/products' },
        { name: PAGE_NAMES.search, url: '/search' },
        { name: PAGE_NAMES.cart, short_name: 'Cart', url: '/cart' },
      ],
    },
  })
