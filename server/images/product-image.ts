import { hash } from '../hash.ts'
import { defaultIcon, icons, type Shades } from './icons.ts'
import { defaultLook, hex, looks, readable, type CategoryLook } from './palette.ts'
import { escapeXml, wrapText } from './text.ts'

export interface ImageSubject {
  /** Product id, >= 1; seeds the product's colour and each photo's set-up. */
  id: number
  title: string
  brand: string
  /** A catalogue category slug; any other value gets a neutral parcel. */
  category: string
}

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"

/** The k-th pseudo-random number in [0, 1) drawn from a seed. */
function pick(seed: number, k: number): number {
  let x = Math.imul(seed ^ (k * 0x9e3779b9), 0x85ebca6b)
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35)
  return ((x ^ (x >>> 16)) >>> 0) / 2 ** 32
}

const lookOf = (category: string): CategoryLook =>
  Object.hasOwn(looks, category) ? looks[category]! : defaultLook
const iconOf = (category: string) =>
  Object.hasOwn(icons, category) ? icons[category]! : defaultIcon

interface Scene {
  size: number
  uid: string
  /** y of the horizon where the backdrop wall meets the floor */
  horizon: number
  wall: [string, string]
  floor: string
  /** A pale tint of the product colour for discs behind it; the accent itself turns grey when dark. */
  halo: string
  /** A deeper tone of the backdrop, for wall patterns and the plinth. */
  motif: string
}

/**
 * The product keeps one colour across all its photos (it is the same item),
 * while each photo gets its own backdrop tint, pattern and camera setup.
 */
function sceneFor(subject: ImageSubject, variant: number, size: number) {
  const look = lookOf(subject.category)
  const productSeed = hash(`product:${subject.id}`)
  const photoSeed = hash(`photo:${subject.id}:${variant}`)
  const [ah, as, al] = look.accent
  const hue = ah + (pick(productSeed, 1) - 0.5) * (look.spread ?? 60)
  const shades: Shades = {
    a: hex([hue, as, al]),
    d: hex([hue, as, al - 20]),
    l: hex([hue, as, Math.min(al + 24, 92)]),
  }
  const bh = look.backdrop[0] + (pick(photoSeed, 1) - 0.5) * 30
  const bs = look.backdrop[1]
  const scene: Scene = {
    size,
    uid: `p${photoSeed.toString(36)}`,
    horizon: Math.round(size * 0.7),
    wall: [hex([bh, bs, 90]), hex([bh, bs, 95])],
    floor: hex([bh, bs, 97]),
    halo: hex([hue, Math.min(as, 60), 80]),
    motif: hex([bh, bs, 80]),
  }
  return { scene, shades, photoSeed, productSeed, bh, look }
}

const PATTERNS = [
  (c: string) => `<circle cx="12" cy="12" r="2.2" fill="${c}"/>`,
  (c: string) => `<path d="M0 24L24 0" stroke="${c}" stroke-width="3"/>`,
  (c: string) => `<path d="M12 0v24M0 12h24" stroke="${c}" stroke-width="1.5"/>`,
  () => '',
]

function backdrop(s: Scene, pattern: number): string {
  const { size, uid, horizon } = s
  const defs = [
    `<linearGradient id="${uid}w" x2="0" y2="1"><stop offset="0" stop-color="${s.wall[0]}"/><stop offset="1" stop-color="${s.wall[1]}"/></linearGradient>`,
    `<radialGradient id="${uid}s"><stop offset="0" stop-color="#1d2330" stop-opacity=".28"/><stop offset="1" stop-color="#1d2330" stop-opacity="0"/></radialGradient>`,
  ]
  const motif = PATTERNS[pattern]!(s.motif)
  let wall = `<rect width="${size}" height="${size}" fill="url(#${uid}w)"/>`
  if (motif) {
    defs.push(
      `<pattern id="${uid}p" width="24" height="24" patternUnits="userSpaceOnUse">${motif}</pattern>`,
    )
    wall += `<rect width="${size}" height="${horizon}" fill="url(#${uid}p)" opacity=".45"/>`
  }
  const bend = Math.round(size * 0.05)
  const floor = `<path d="M0 ${horizon}Q${size / 2} ${horizon - bend} ${size} ${horizon}V${size}H0z" fill="${s.floor}"/>`
  return `<defs>${defs.join('')}</defs>${wall}${floor}`
}

function placeProduct(
  icon: string,
  uid: string,
  cx: number,
  ground: number,
  scale: number,
  tilt = 0,
  mirror = false,
): string {
  const r = (n: number) => Math.round(n * 10) / 10
  const shadow = `<ellipse cx="${r(cx)}" cy="${r(ground + 2)}" rx="${r(scale * 92)}" ry="${r(scale * 9)}" fill="url(#${uid}s)"/>`
  const x = r(mirror ? cx + 100 * scale : cx - 100 * scale)
  const y = r(ground - 184 * scale)
  const rotate = tilt ? `rotate(${r(tilt)} ${r(cx)} ${r(ground)})` : ''
  const flip = mirror ? `scale(${-scale} ${scale})` : `scale(${scale})`
  return `${shadow}<g transform="${rotate}translate(${x} ${y})${flip}">${icon}</g>`
}

function svg(size: number, title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}"><title>${escapeXml(title)}</title>${body}</svg>`
}

function thumbnail(subject: ImageSubject): string {
  const { scene, shades } = sceneFor(subject, 1, 300)
  const icon = iconOf(subject.category)(shades)
  const halo = `<circle cx="150" cy="146" r="118" fill="${scene.halo}" opacity=".5"/>`
  const body = backdrop(scene, 3) + halo + placeProduct(icon, scene.uid, 150, 268, 1.38)
  return svg(300, subject.title, body)
}

function photo(subject: ImageSubject, variant: number): string {
  const { scene, shades, photoSeed, productSeed, bh, look } = sceneFor(subject, variant, 600)
  const icon = iconOf(subject.category)(shades)
  // Rotating through the patterns guarantees the four photos of a product
  // never share one, while the product id picks where the cycle starts.
  const pattern = (productSeed + variant) % PATTERNS.length
  const jitter = pick(photoSeed, 2) - 0.5
  const side = pick(photoSeed, 3) < 0.5 ? -1 : 1
  let stage = ''
  let product: string
  if (variant === 1) {
    product = placeProduct(icon, scene.uid, 300, 412, 1.8)
  } else if (variant === 2) {
    product = placeProduct(icon, scene.uid, 300 + side * 34, 410, 1.66, side * (6 + jitter * 4))
  } else if (variant === 3) {
    stage = `<circle cx="300" cy="250" r="196" fill="${scene.halo}" opacity=".55"/>`
    product = placeProduct(icon, scene.uid, 300, 420, 2.0)
  } else {
    stage = `<path d="M140 384h320v44H140z" fill="${scene.motif}"/><ellipse cx="300" cy="384" rx="160" ry="16" fill="${scene.floor}"/>`
    product = placeProduct(icon, scene.uid, 300 + jitter * 30, 386, 1.62, 0, true)
  }
  return svg(
    600,
    subject.title,
    backdrop(scene, pattern) + stage + product + caption(subject, bh, look, scene),
  )
}

function caption(subject: ImageSubject, hue: number, look: CategoryLook, scene: Scene): string {
  // Checked against every backdrop tone, not just the floor it sits on, so a
  // layout change can never put the caption on a less readable spot.
  const behind = [scene.floor, ...scene.wall]
  const ink = readable([hue, 30, 16], behind)
  const brandInk = readable([look.accent[0], 45, 34], behind)
  const lines = wrapText(subject.title, 520, 28, 2)
  // Narrower than the title's measure to leave room for the letter-spacing.
  const brand = wrapText(subject.brand, 440, 22, 1)[0] ?? ''
  const top = lines.length === 1 ? 492 : 474
  const texts = [
    brand
      ? `<text x="300" y="${top}" font-size="22" font-variant="small-caps" letter-spacing="1.5" fill="${brandInk}">${escapeXml(brand)}</text>`
      : '',
    ...lines.map(
      (line, i) =>
        `<text x="300" y="${top + 38 + i * 34}" font-size="28" font-weight="600" fill="${ink}">${escapeXml(line)}</text>`,
    ),
  ]
  return `<g font-family="${FONT}" text-anchor="middle">${texts.join('')}</g>`
}

/** A complete standalone SVG document (string) for a product photo (variant = index 1..4) or its thumbnail. */
export function renderProductImage(subject: ImageSubject, variant: 'thumbnail' | number): string {
  if (variant === 'thumbnail') return thumbnail(subject)
  if (!Number.isInteger(variant) || variant < 1 || variant > 4) {
    throw new RangeError(`variant must be 'thumbnail' or an integer 1..4, got ${String(variant)}`)
  }
  return photo(subject, variant)
}
