/// <reference types="vite-plugin-pwa/pwa-assets" />
/** The build's id (vite.config.ts `define`); 'dev' outside production builds. */
declare const __BUILD_ID__: string
/** The bundled catalogue server's category slugs, in its order (vite.config.ts `define`). */
declare const __BUNDLED_CATEGORY_SLUGS__: readonly string[]
