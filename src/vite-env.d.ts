/// <reference types="vite-plugin-pwa/pwa-assets" />
/** The build's id (vite.config.ts `define`); 'dev' outside production builds. */
declare const __BUILD_ID__: string
