import { isNotFound, isRedirect, type AnyRouter } from '@tanstack/react-router'
import { routePattern } from '../route-pattern.ts'
import { beacon } from './beacon.ts'

/** Where an error was seen: by React (a boundary caught it, or none did), or by the window. */
export type ErrorKind = 'caught' | 'uncaught' | 'error' | 'unhandledrejection'

/** Sizes the server accepts (server/routes/telemetry.ts), and how many reports a page sends. */
const MESSAGE_CHARS = 500
const STACK_CHARS = 4000
const REPORTS_PER_PAGE = 10

/**
 * An address's query and fragment (a search, a token in a link), which are never sent; a stack
 * frame's line and column after them are kept.
 */
const QUERY = /(\b[a-z][\w+.-]*:\/\/[^\s?#"')]*)[?#][^\s"')]*?((?::\d+){0,2})(?=[\s"')]|$)/gi
const withoutQueries = (text: string) => text.replace(QUERY, '$1$2')

/**
 * What can be said of a thrown value: an Error's name, message and stack; a string as it is; of
 * anything else its type only (an object may hold what the shopper typed).
 */
function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) {
    return { message: `${error.name}: ${error.message}`, stack: error.stack }
  }
  if (typeof error === 'string') return { message: error }
  return { message: Object.prototype.toString.call(error) }
}

const sent = new Set<string>()

/**
 * Reports an error of this page to the server (POST /api/client-errors): its kind, message and
 * stack cut to size, with queries taken out of any address in them, the route pattern and the
 * build. Never a URL's query, form values or storage. Each error once, and at most
 * REPORTS_PER_PAGE a page; the router's not-found and redirects, which are not errors, and another
 * site's script errors, which the browser hides (`Script error.`), are not reported.
 */
export function reportClientError(router: AnyRouter, kind: ErrorKind, error: unknown): void {
  if (isNotFound(error) || isRedirect(error)) return
  const { message, stack } = describe(error)
  if (message === 'Script error.') return
  const key = `${kind} ${message}`
  if (sent.has(key) || sent.size >= REPORTS_PER_PAGE) return
  sent.add(key)
  beacon('/api/client-errors', {
    kind,
    message: withoutQueries(message).slice(0, MESSAGE_CHARS),
    stack: stack && withoutQueries(stack).slice(0, STACK_CHARS),
    route: routePattern(router.state.matches.at(-1)?.routeId),
  })
}
