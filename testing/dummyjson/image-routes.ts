import { Hono, type Context } from 'hono'
import { renderProductImage } from '../../server/images/product-image.ts'
import { decodePath, type DummyCatalogue } from './catalogue.ts'
import type { DummyEnv } from './env.ts'
import { notFound } from './http.ts'
import { renderQrCode } from './qr-code.ts'

const SVG_HEADERS = {
  'Content-Type': 'image/svg+xml',
  // The URLs name one picture forever, as the CDN's do.
  'Cache-Control': 'public, max-age=31536000, immutable',
}

/**
 * The CDN's pictures, drawn: every `/product-images/…` path a product record names gets the
 * project's generated product picture, and `/public/qr-code.png` a QR-like picture (both SVG,
 * whatever the file name says). Drawn on first request, then kept.
 */
export function imageRoutes({ images }: DummyCatalogue) {
  const drawn = new Map<string, string>()
  const send = (c: Context, key: string, draw: () => string) => {
    let svg = drawn.get(key)
    if (svg === undefined) drawn.set(key, (svg = draw()))
    return c.body(svg, 200, SVG_HEADERS)
  }
  return new Hono<DummyEnv>()
    .get('/product-images/*', (c) => {
      const path = decodePath(new URL(c.req.url).pathname)
      const target = images.get(path)
      if (!target) return notFound(c)
      return send(c, path, () => renderProductImage(target.subject, target.variant))
    })
    .get('/public/qr-code.png', (c) => send(c, 'qr', renderQrCode))
}
