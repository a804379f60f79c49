import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'

/** Headers every answer carries (issue: reliability & security). */
const COMMON = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
}

/** JSON and generated SVG never run anything: nothing may load from them. */
export const API_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"

/**
 * A script's text as the browser runs it, which its hash must match: the HTML parser reads line
 * breaks as \n and a NUL as U+FFFD (a page's data can hold one: /products/%00 names a category).
 */
const asParsed = (text: string) =>
  text.replaceAll('\r\n', '\n').replaceAll('\r', '\n').replaceAll('\0', '\uFFFD')

/** sha256 sources for the inline <script> blocks of a page, as CSP wants them. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(asParsed(match[1] ?? ''))
        .digest('base64')}'`,
  )
}

/**
 * The SPA's policy: its own scripts plus the hashed inline theme script (no other inline or
 * third-party script can run), images from itself and data: (the embedded placeholder), no
 * plugins, no framing. Styles allow inline: Swiper writes style attributes as it lays slides out,
 * and inline styles cannot run code. `apiOrigins` are the configured external catalogue API and
 * its image hosts (server/static/build-env.ts): the app may fetch from them and show their
 * images, nothing wider.
 */
export function spaCsp(html: string, apiOrigins: readonly string[] = []): string {
  const scripts = inlineScriptHashes(html)
  const api = apiOrigins.map((origin) => ` ${origin}`).join('')
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${api}`,
    `connect-src 'self'${api}`,
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** Adds the common headers, and a Content-Security-Policy unless the handler set its own. */
export function securityHeaders(csp: string): MiddlewareHandler {
  return async (c, next) => {
    await next()
    for (const [name, value] of Object.entries(COMMON)) c.res.headers.set(name, value)
    if (!c.res.headers.has('Content-Security-Policy'))
      c.res.headers.set('Content-Security-Policy', csp)
  }
}
