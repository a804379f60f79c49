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

/** sha256 sources for the inline <script> and <style> blocks of a page, as CSP wants them. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const hashes = (pattern: RegExp) =>
    [...html.matchAll(pattern)].map(
      (match) =>
        `'sha256-${createHash('sha256')
          .update(match[1] ?? '')
          .digest('base64')}'`,
    )
  return {
    scripts: hashes(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g),
    styles: hashes(/<style[^>]*>([\s\S]*?)<\/style>/g),
  }
}

/**
 * The SPA's policy: its own scripts plus the hashed inline theme script, its own styles plus the
 * hashed inline boot style (React sets style properties through the CSSOM, which CSP allows),
 * images from itself and data: (the embedded placeholder), no plugins, no framing.
 */
export function spaCsp(html: string): string {
  const { scripts, styles } = inlineHashes(html)
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts.join(' ')}`.trim(),
    `style-src 'self' ${styles.join(' ')}`.trim(),
    "img-src 'self' data:",
    "connect-src 'self'",
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
