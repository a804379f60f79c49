import { readFileSync } from 'node:fs'

const TOKENS = new URL('../src/styles/tokens.css', import.meta.url)

/**
 * A colour of the light theme's design tokens (`src/styles/tokens.css`, its `:root` rule), for what
 * is built outside CSS: the web app manifest's theme and background colours, the icons' backdrop.
 */
export function lightToken(name: `--${string}`, css = readFileSync(TOKENS, 'utf8')): string {
  const root = css.indexOf(':root')
  const firstRule = css.slice(css.indexOf('{', root) + 1, css.indexOf('}', root))
  const value = new RegExp(`${name}:\\s*([^;]+);`).exec(firstRule)?.[1]?.trim()
  if (!value) throw new Error(`${name} is not a token of the light theme in tokens.css`)
  return value
}
