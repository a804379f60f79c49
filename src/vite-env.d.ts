/// <reference types="vite-plugin-pwa/pwa-assets" />
/** The build's id (vite.config.ts `define`); 'dev' outside production builds. */
declare const __BUILD_ID__: string

/** A `*.script.ts` module built into the text of an inline script (build/inline-script-plugin.ts). */
declare module '*?inline-script' {
  const text: string
  // eslint-disable-next-line no-restricted-syntax -- a query import's one value, as Vite's own ?raw and ?url
  export default text
}
