import { readRouteManifest, type FirstScreenHint, type RouteEntry } from './route-manifest.ts'

/**
 * Per-route preload hints for the SPA's index.html. A client-rendered page otherwise waits for
 * its entry script to run before it even asks for the route's code and data; naming both in the
 * HTML lets the browser fetch them in parallel with the entry (slow connections gain most). What
 * each route loads comes from the build (route-manifest.ts).
 */
interface RouteHint extends Pick<RouteEntry, 'scripts' | 'styles' | 'firstScreen'> {
  /** Path segments; `$name` matches any one segment. */
  pattern: string[]
}

const paramCount = ({ pattern }: RouteHint) => pattern.filter((part) => part.startsWith('$')).length

/** The build's routes, those with fewer parameters first: `/products/all` is not `/products/$x`. */
export function loadRouteHints(distDir: string): RouteHint[] {
  return (readRouteManifest(distDir)?.routes ?? [])
    .map(({ path, scripts, styles, firstScreen }) => ({
      pattern: path.split('/').filter(Boolean),
      scripts,
      styles,
      firstScreen,
    }))
    .sort((a, b) => paramCount(a) - paramCount(b))
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')

/** Answers an API request in-process: the page's own API, as the browser will ask it. */
export type ApiFetch = (path: string) => Promise<Response>

/**
 * The `<link>` tags for a request path, or '' when no route matches: its code, and unless
 * `codeOnly`, its first API request. With `fetchApi`, the route's first-screen images (the largest
 * paint) are preloaded too: they would otherwise be found only once the app has rendered.
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
      pattern.every((part, i) => part.startsWith('$') || part === segments[i]),
  )
  if (!hint) return ''
  const links = [
    ...hint.styles.map(
      (file) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`,
    ),
    ...hint.scripts.map(
      (file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`,
    ),
  ]
  const first = codeOnly ? undefined : hint.firstScreen
  const request = first && fillParams(first.request, hint.pattern, segments)
  if (first && request !== undefined) {
    const path = `/api/${request}`
    links.push(
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(path)}">`,
    )
    if (first.images && fetchApi) {
      for (const image of imagesIn(await answerOf(fetchApi, path), first.images))
        links.push(
          `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(image)}">`,
        )
    }
  }
  return links.join('')
}

/**
 * The request with each `{name}` replaced by that path parameter, URL-encoded as the app encodes
 * it; undefined for a parameter that is not valid percent-encoding (the app makes no request then).
 */
function fillParams(request: string, pattern: readonly string[], segments: readonly string[]) {
  try {
    return pattern.reduce((url, part, i) => {
      if (!part.startsWith('$')) return url
      const value = encodeURIComponent(decodeURIComponent(segments[i] ?? ''))
      return url.replaceAll(`{${part.slice(1)}}`, value)
    }, request)
  } catch {
    return undefined
  }
}

/** The picture URLs the first screen shows, read from the API's answer (none for an error). */
function imagesIn(answer: unknown, { list, field, count }: NonNullable<FirstScreenHint['images']>) {
  const items = (answer as Record<string, unknown> | undefined)?.[list]
  if (!Array.isArray(items)) return []
  return items
    .slice(0, count)
    .map((item: unknown) => (field ? (item as Record<string, unknown> | null)?.[field] : item))
    .filter((url): url is string => typeof url === 'string')
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
