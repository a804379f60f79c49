import * as v from 'valibot'
import { chunkClosure, entryClosure, readManifest } from './manifest.ts'

/**
 * Per-route preload hints for the SPA's index.html. A client-rendered page otherwise waits for
 * its entry script to run before it even asks for the route's code and data; naming both in the
 * HTML lets the browser fetch them in parallel with the entry (slow connections gain most).
 */

interface RouteHint {
  /** Path segments; `$` matches any one segment. */
  pattern: string[]
  modules: string[]
  /** The route's stylesheets: its first render needs them, so they are linked, not just preloaded. */
  styles: string[]
  data?: DataHint
}

interface DataHint {
  /** The API request the route's loader makes first, for a URL without search params. */
  path: (params: string[]) => string
  /** The images of the route's first screen, read from that request's answer. */
  images?: (answer: unknown) => string[]
}

// The product cards that load their image at once (PRIORITY_CARDS in product-grid.tsx).
const PRIORITY_CARDS = 4
const listingAnswer = v.object({ products: v.array(v.object({ thumbnail: v.string() })) })
const productAnswer = v.object({ images: v.array(v.string()) })
const firstThumbnails = (answer: unknown) => {
  const parsed = v.safeParse(listingAnswer, answer)
  return parsed.success
    ? parsed.output.products.slice(0, PRIORITY_CARDS).map((p) => p.thumbnail)
    : []
}

// The first request each listing/product page makes (see src/features/catalog/catalog.api.ts).
const DATA_HINTS: Record<string, DataHint> = {
  // The home page's largest paint is its hero text; its products are further down.
  '': { path: () => '/api/products?limit=30&skip=0' },
  products: { path: () => '/api/products?limit=30&skip=0', images: firstThumbnails },
  'products/$': {
    path: ([category = '']) =>
      `/api/products/category/${encodeURIComponent(category)}?limit=30&skip=0`,
    images: firstThumbnails,
  },
  'product/$': {
    path: ([id = '']) => `/api/products/${id}`,
    // The first photo is the product page's largest paint.
    images: (answer) => {
      const parsed = v.safeParse(productAnswer, answer)
      return parsed.success ? parsed.output.images.slice(0, 1) : []
    },
  },
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
  const manifest = readManifest(distDir)
  if (!manifest) return []
  const entry = entryClosure(manifest)
  return Object.keys(manifest).flatMap((key) => {
    const pattern = routePattern(key)
    if (!pattern) return []
    const { scripts, styles } = chunkClosure(manifest, [key])
    return [
      {
        pattern,
        modules: [...scripts].filter((file) => !entry.scripts.has(file)),
        styles: [...styles].filter((file) => !entry.styles.has(file)),
        data: DATA_HINTS[pattern.join('/')],
      },
    ]
  })
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')

/** Answers an API request in-process: the page's own API, as the browser will ask it. */
export type ApiFetch = (path: string) => Promise<Response>

/**
 * The `<link>` tags for a request path, or '' when no route matches: its code, and unless
 * `codeOnly`, its first API request. With `fetchApi`, the
 * route's first-screen images (the largest paint) are preloaded too: they would otherwise be
 * found only once the app has rendered.
 */
export async function hintsFor(
  hints: readonly RouteHint[],
  pathname: string,
  codeOnly: boolean,
  fetchApi?: ApiFetch,
): Promise<string> {
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
  if (hint.data && !codeOnly) {
    const path = hint.data.path(params)
    links.push(
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(path)}">`,
    )
    if (hint.data.images && fetchApi) {
      for (const image of hint.data.images(await answerOf(fetchApi, path)))
        links.push(
          `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(image)}">`,
        )
    }
  }
  return links.join('')
}

/** The API's JSON answer, or undefined for an error (a missing product has no images to hint). */
async function answerOf(fetchApi: ApiFetch, path: string): Promise<unknown> {
  try {
    const response = await fetchApi(path)
    return response.ok ? await response.json() : undefined
  } catch {
    return undefined
  }
}
