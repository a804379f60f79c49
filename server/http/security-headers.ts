import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>

/** Every header secureHeaders() sends by default, off: each use names the ones it wants. */
const NONE = {
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xContentTypeOptions: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  removePoweredBy: false,
} satisfies SecureHeadersOptions

/**
 * Powerful features the storefront never uses, off for its pages and for anything they might load
 * (a script that got in could not open the camera or ask for the shopper's location). Only
 * features Chromium knows: it reports an unknown one as an error in the console.
 */
const PERMISSIONS_POLICY = {
  accelerometer: [],
  camera: [],
  displayCapture: [],
  geolocation: [],
  gyroscope: [],
  hid: [],
  magnetometer: [],
  microphone: [],
  midi: [],
  payment: [],
  serial: [],
  usb: [],
  browsingTopics: [],
} satisfies SecureHeadersOptions['permissionsPolicy']

/**
 * Headers every answer carries, whatever a handler set: these only (and the referrer policy
 * below), none of the library's other defaults (HSTS, Cross-Origin-Resource-Policy, whose
 * `same-origin` would keep a site allowed by CORS_ORIGINS from showing the API's images, …).
 */
const common = secureHeaders({
  ...NONE,
  xContentTypeOptions: 'nosniff',
  xFrameOptions: 'DENY',
  crossOriginOpenerPolicy: 'same-origin',
  permissionsPolicy: PERMISSIONS_POLICY,
})

export const REFERRER_POLICY = 'strict-origin-when-cross-origin'

/**
 * The site's referrer policy on every answer, unless its handler asked for a stricter one: none
 * at all (`no-referrer`), for a page whose address holds a secret (/reset-password: rules.md
 * § Password reset). A handler cannot ask for a looser one.
 */
const referrerPolicy: MiddlewareHandler = async (c, next) => {
  await next()
  if (c.res.headers.get('Referrer-Policy') !== 'no-referrer')
    c.res.headers.set('Referrer-Policy', REFERRER_POLICY)
}

/** JSON and generated SVG never run anything: nothing may load from them. */
export const API_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"

/**
 * A script's text as the browser runs it, which its hash must match: the HTML parser reads line
 * breaks as \n and a NUL as U+FFFD (a page's data can hold one: /products/%00 names a category).
 */
const asParsed = (text: string) =>
  text.replaceAll('\r\n', '\n').replaceAll('\r', '\n').replaceAll('\0', '\uFFFD')

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g
/** A carriage return or a NUL: text the parser changes before it runs (asParsed). */
const CHANGED_BY_PARSER = /[\r\0]/

/**
 * sha256 sources for the inline <script> blocks of a page, as CSP wants them. The page is read as
 * bytes, as rendered: its tags are found in a one-byte-per-character view (UTF-8 never puts a
 * byte below 0x80 inside a character, so offsets are byte offsets) and each script's own bytes
 * hashed, which spares decoding the whole page (a quarter of a millisecond for 80 KB).
 */
export function inlineScriptHashes(page: string | Uint8Array): string[] {
  const bytes =
    typeof page === 'string'
      ? Buffer.from(page)
      : Buffer.from(page.buffer, page.byteOffset, page.byteLength)
  return [...bytes.toString('latin1').matchAll(INLINE_SCRIPT)].map((match) => {
    const text = match[1] ?? ''
    const start = match.index + match[0].length - '</script>'.length - text.length
    const script = bytes.subarray(start, start + text.length)
    const hash = createHash('sha256')
    hash.update(CHANGED_BY_PARSER.test(text) ? asParsed(script.toString('utf8')) : script)
    return `'sha256-${hash.digest('base64')}'`
  })
}

/**
 * The SPA's policy: its own scripts plus the hashed inline theme script (no other inline or
 * third-party script can run), images from itself and data: (the embedded placeholder), no
 * plugins, no framing. Styles allow inline: Swiper writes style attributes as it lays slides out,
 * and inline styles cannot run code. `apiOrigins` are the configured external catalogue API and
 * its image hosts (server/pages/build-env.ts): the app may fetch from them and show their
 * images, nothing wider.
 */
export function spaCsp(html: string | Uint8Array, apiOrigins: readonly string[] = []): string {
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

/**
 * The common headers (secureHeaders()), and `csp` as the Content-Security-Policy unless the handler
 * set its own. Not secureHeaders()' policy: it fixes its policy before the handler runs, varying
 * only by a per-request nonce, and a page's policy names its inline scripts by hash, known once
 * it is rendered (a nonce would keep pages from being cached); one way to write a policy, a string,
 * serves both.
 */
export function securityHeaders(csp: string): MiddlewareHandler[] {
  return [
    documentHeadersOnDocuments,
    common,
    referrerPolicy,
    async (c, next) => {
      await next()
      if (!c.res.headers.has('Content-Security-Policy'))
        c.res.headers.set('Content-Security-Policy', csp)
    },
  ]
}

/**
 * What a browser never shows as a document and never runs as a worker: the app's scripts and
 * stylesheets, its fonts and raster pictures, the web app manifest. (An SVG can be opened as a
 * document, and the service worker's script, /sw.js, takes its policy from its own answer: both
 * keep every header.)
 */
const SUBRESOURCE = /\.(m?js|css|woff2?|png|ico|jpe?g|webp|avif|webmanifest)$/
const WORKER_SCRIPTS = new Set(['/sw.js'])

/** Headers that only a document (or a worker) reads; on anything else they are bytes for nothing. */
const DOCUMENT_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Permissions-Policy',
  'Referrer-Policy',
  'X-Frame-Options',
]

/**
 * The document-only headers taken off the app's subresources: about 0.7 KB an answer, over HTTP/1.1
 * (no header compression) 10 KB of a first visit's fourteen scripts (docs/performance.md § What
 * each mechanism buys). `X-Content-Type-Options: nosniff` stays: it is what keeps a script or a
 * stylesheet from being read as another type.
 */
const documentHeadersOnDocuments: MiddlewareHandler = async (c, next) => {
  await next()
  if (!SUBRESOURCE.test(c.req.path) || WORKER_SCRIPTS.has(c.req.path)) return
  for (const header of DOCUMENT_HEADERS) c.res.headers.delete(header)
}
