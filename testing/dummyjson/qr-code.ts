import { hash } from '../../server/hash.ts'

const SIZE = 25
const SCALE = 8
const QUIET = 4

/** One of a QR code's three corner squares (7×7 modules) at module (x, y). */
const finder = (x: number, y: number) =>
  `<path d="M${x} ${y}h7v7h-7zM${x + 1} ${y + 1}v5h5v-5zM${x + 2} ${y + 2}h3v3h-3z" fill-rule="evenodd"/>`

const inFinder = (x: number, y: number) =>
  (x < 8 && y < 8) || (x >= SIZE - 8 && y < 8) || (x < 8 && y >= SIZE - 8)

/**
 * A stand-in for DummyJSON's `public/qr-code.png`: something that looks like a QR code (corner
 * squares, a seeded scatter of modules) and reads as nothing; the storefront only shows it.
 */
export function renderQrCode(): string {
  const modules: string[] = []
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++)
      if (!inFinder(x, y) && hash(`qr:${x}:${y}`) % 2 === 0) modules.push(`M${x} ${y}h1v1h-1z`)
  const view = SIZE + 2 * QUIET
  const px = view * SCALE
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="${-QUIET} ${-QUIET} ${view} ${view}" width="${px}" height="${px}" shape-rendering="crispEdges">` +
    `<title>QR code</title><rect x="${-QUIET}" y="${-QUIET}" width="${view}" height="${view}" fill="#fff"/>` +
    `<g fill="#111">${finder(0, 0)}${finder(SIZE - 7, 0)}${finder(0, SIZE - 7)}<path d="${modules.join('')}"/></g></svg>`
  )
}
