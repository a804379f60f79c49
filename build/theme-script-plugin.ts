import type { Plugin } from 'vite'
import { THEME_SCRIPT } from '../src/lib/theme-script.ts'

/** Puts the theme script (src/lib/theme-script.ts, also in the server's documents) into index.html. */
export function themeScriptPlugin(): Plugin {
  return {
    name: 'meridian-theme-script',
    transformIndexHtml: (html) =>
      html.replace('<script data-theme-script></script>', () => `<script>${THEME_SCRIPT}</script>`),
  }
}
