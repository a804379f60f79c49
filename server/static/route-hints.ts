import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Per-route preload hints for the SPA's index.html. A client-rendered page otherwise waits for
 * its entry script to run before it even asks for the route's code and data; naming both in the
 * HTML lets the browser fetch them in parallel with the entry (slow connections gain most).
 */

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  css?: string[]
}

interface RouteHint {
  /** Path segments; `$` matches any one segment. */
  pattern: string[]
  modules: string[]
  /** The route's stylesheets: its first render needs them, so they are linked, not just preloaded. */
  styles: string[]
  /** The API request the route's loader makes first, for a URL without search params. */
  data?: (params: string[]) => string
}

// The first request each listing/product page makes (see src/features/catalog/catalog.api.ts).
const DATA_HINTS: Record<string, (params: string[]) => string> = {
  '': () => '/api/products?limit=30&skip=0',
  products: () => '/api/products?limit=30&skip=0',
  'products/$': ([category = '']) =>
    `/api/products/category/${encodeURIComponent(category)}?limit=30&skip=0`,
  'product/$': ([id = '']) => `/api/products/${id}`,
}

/**
 * 'src/routes/products.$category.tsx?tsr-split=component' → ['products', '$']; pathless `_x` parts
 * drop out. A pathless layout itself (`_auth.tsx`) is no page: it would shadow the home page's [].
 */
function routePattern(key: string): string[] | undefined {
  const name = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/.exec(key)?.[1]
  if (!name || name.split('.').at(-1)?.startsWith('_')) return undefined
  return name
    .split('.')
    .filter((part) => !part.startsWith('_') && part !== 'index')
    .map((part) => (part.startsWith('$') ? '$' : part))
}

export function loadRouteHints(distDir: string): RouteHint[] {
  const path = join(distDir, '.vite', 'manifest.json')
  if (!existsSync(path)) return []
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  const inEntry = new Set<string>()
  const closure = (key: string, into: Set<string>, styles = new Set<string>()) => {
    const chunk = manifest[key]
    if (!chunk || into.has(chunk.file)) return
    into.add(chunk.file)
    for (const css of chunk.css ?? []) styles.add(css)
    for (const imported of chunk.imports ?? []) closure(imported, into, styles)
  }
  const entryStyles = new Set<string>()
  if (entryKey) closure(entryKey, inEntry, entryStyles)
  return Object.keys(manifest).flatMap((key) => {
    const pattern = routePattern(key)
    if (!pattern) return []
    const files = new Set<string>()
    const styles = new Set<string>()
    closure(key, files, styles)
    return [
      {
        pattern,
        modules: [...files].filter((file) => !inEntry.has(file)),
        styles: [...styles].filter((file) => !entryStyles.has(file)),
        data: DATA_HINTS[pattern.join('/')],
      },
    ]
  })
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')

/** The `<link>` tags for a request path, or '' when no route matches. */
export function hintsFor(
  hints: readonly RouteHint[],
  pathname: string,
  hasSearch: boolean,
): string {
  const segments = pathname.split('/').filter(Boolean)
  const hint = hints.find(
    ({ pattern }) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => part === '$' || part === segments[i]),
  )
  if (!hint) return ''
  const params = segments
    .filter((_, i) => hint.pattern[i] === '$')
    .map((part) => decodeURIComponent(part))
  const links = [
    ...hint.styles.map(
      (file) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`,
    ),
    ...hint.modules.map(
      (file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`,
    ),
  ]
  // With search params (filters, sort) the first request differs: no data hint then.
  if (hint.data && !hasSearch) {
    links.push(
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(hint.data(params))}">`,
    )
  }
  return links.join('')
}
