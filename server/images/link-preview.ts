import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import { escapeXml, wrapText } from './text.ts'

/** The size link previews ask for (Open Graph, X's summary_large_image): 1.91:1. */
export const PREVIEW_WIDTH = 1200
export const PREVIEW_HEIGHT = 630
export const PNG_TYPE = 'image/png'

// A font of the project's own (DejaVu, from npm), so a server without system fonts still writes
// the words: our drawings name their font by family, and resvg falls back to this one.
const fontDir = join(
  dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
)
const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((file) => join(fontDir, file))
const FONT = 'DejaVu Sans'

/** What a product's preview says beside its picture. */
export interface PreviewText {
  title: string
  /** Its price as shown ("$1,145.05"), and the price before a discount. */
  price?: string
  was?: string
}

const embed = (svg: string, x: number, y: number, size: number) =>
  `<image x="${x}" y="${y}" width="${size}" height="${size}" href="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"/>`

/** One picture (a product's first photo, a category's) on the left, its words on the right. */
export function previewSvg(picture: string, text: PreviewText): string {
  // wrapText measures a narrower face than DejaVu Sans Bold: 440 of its units fill 530 px.
  const lines = wrapText(text.title, 440, 52, 3)
  const top = 315 - ((lines.length - 1) * 64 + (text.price ? 90 : 0)) / 2
  const words = [
    ...lines.map(
      (line, i) =>
        `<text x="650" y="${top + i * 64}" font-size="52" font-weight="bold" fill="#1c1a17">${escapeXml(line)}</text>`,
    ),
    text.price
      ? `<text x="650" y="${top + (lines.length - 1) * 64 + 96}" font-size="56" font-weight="bold" fill="#b3261e">${escapeXml(text.price)}` +
        (text.was
          ? `<tspan dx="24" font-size="34" font-weight="normal" fill="#595650" text-decoration="line-through">${escapeXml(text.was)}</tspan>`
          : '') +
        '</text>'
      : '',
  ]
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}">` +
    `<rect width="100%" height="100%" fill="#f5f3ef"/>` +
    embed(picture, 15, 15, 600) +
    `<g font-family="${FONT}">${words.join('')}</g></svg>`
  )
}

/** The site's own preview: eight pictures of what it sells, in two rows of four. */
export function mosaicSvg(pictures: readonly string[]): string {
  const size = 300
  const tiles = pictures
    .slice(0, 8)
    .map((picture, i) => embed(picture, (i % 4) * size, 15 + Math.floor(i / 4) * size, size))
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}">` +
    `<rect width="100%" height="100%" fill="#f5f3ef"/>${tiles.join('')}</svg>`
  )
}

/** An SVG drawing as a PNG of its own size (resvg: no browser, about 30-60 ms for a preview). */
export function toPng(svg: string): Buffer {
  const resvg = new Resvg(svg, {
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: FONT },
  })
  return resvg.render().asPng()
}
