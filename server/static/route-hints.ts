import { readRouteManifest, type FirstScreenHint, type RouteEntry } from './route-manifest.ts'

/**
 * Per-route preload hints for the SPA's index.html. A client-rendered page otherwise waits for
 * its entry script to run before it even asks for the route's code and data; naming both in the
 * HTML lets the browser fetch them in parallel with the entry (slow connections gain most). What
 * each route loads comes from the build (route-manifest.ts).
 */
export interface RouteHint extends Pick<RouteEntry, 'scripts' | 'styles' | 'firstScreen'> {
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
 * The site's API asked in-process for paths on `origin` (whose image URLs its answers carry). Each
 * path is asked once: the page's head and its preload hints read the same first answer.
 */
export function inProcessApi(
  fetchApi: (request: Request) => Response | Promise<Response>,
  origin: string | URL,
): ApiFetch {
  const answers = new Map<string, Promise<Response>>()
  return (path) => {
    let answer = answers.get(path)
    if (!answer) {
      answer = Promise.resolve(fetchApi(new Request(new URL(path, origin))))
      answers.set(path, answer)
    }
    return answer.then((response) => response.clone())
  }
}

/** A request path's route and its segments. */
export interface MatchedRoute {
  /** The route's path in the router's grammar: `/product/$id`. */
  path: string
  route: RouteHint
  segments: string[]
}

/** The route a request path is a page of, if any. */
export function matchRoute(
  hints: readonly RouteHint[],
  pathname: string,
): MatchedRoute | undefined {
  const segments = pathname.split('/').filter(Boolean)
  const route = hints.find(
    ({ pattern }) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith('$') || part === segments[i]),
  )
  return route && { path: `/${route.pattern.join('/')}`, route, segments }
}

/** A path parameter of the matched route, as the page's URL carries it (still encoded). */
export const paramOf = ({ route, segments }: MatchedRoute, name: string) =>
  segments[route.pattern.indexOf(`$${name}`)]

/**
 * The route's first API request (`/api/products/1`), with its parameters filled in; undefined
 * when it declares none or a parameter is not valid percent-encoding.
 */
export function firstRequestOf({ route, segments }: MatchedRoute): string | undefined {
  const request =
    route.firstScreen && fillParams(route.firstScreen.request, route.pattern, segments)
  return request === undefined ? undefined : `/api/${request}`
}

/**
 * The `<link>` tags for a matched route ('' for none): its code, and unless `codeOnly`, its first
 * API request. With `fetchApi`, the route's first-screen images (the largest paint) are preloaded
 * too: they would otherwise be found only once the app has rendered.
 */
export async function hintsFor(
  match: MatchedRoute | undefined,
  codeOnly: boolean,
  fetchApi?: ApiFetch,
): Promise<string> {
  if (!match) return ''
  const { route } = match
  const links = [
    ...route.styles.map(
      (file) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`,
    ),
    ...route.scripts.map(
      (file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`,
    ),
  ]
  const path = codeOnly ? undefined : firstRequestOf(match)
  const images = route.firstScreen?.images
  if (path) {
    links.push(
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(path)}">`,
    )
    if (images && fetchApi) {
      for (const image of imagesIn(await answerOf(fetchApi, path), images))
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
