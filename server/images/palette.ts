export type Hsl = readonly [hue: number, saturation: number, lightness: number]

export interface CategoryLook {
  /** Hue and saturation of the studio backdrop; lightness is fixed by the scene. */
  backdrop: readonly [hue: number, saturation: number]
  /** Main colour of the product itself. */
  accent: Hsl
  /** How far (degrees, total) a product's hue may stray from the accent. */
  spread?: number
}

// Backdrops stay pale and low-saturated so every product reads as a "photo"
// and the dark caption text keeps a large contrast margin.
export const looks: Readonly<Record<string, CategoryLook>> = {
  smartphones: { backdrop: [215, 30], accent: [226, 62, 56] },
  laptops: { backdrop: [200, 22], accent: [205, 70, 52] },
  fragrances: { backdrop: [330, 45], accent: [335, 62, 66] },
  skincare: { backdrop: [150, 30], accent: [160, 36, 58] },
  groceries: { backdrop: [45, 55], accent: [30, 88, 55], spread: 24 },
  'home-decoration': { backdrop: [25, 35], accent: [16, 55, 55] },
  furniture: { backdrop: [35, 25], accent: [180, 30, 42] },
  tops: { backdrop: [190, 40], accent: [352, 68, 60] },
  'womens-dresses': { backdrop: [300, 30], accent: [318, 50, 52] },
  'womens-shoes': { backdrop: [10, 40], accent: [356, 70, 48] },
  'mens-shirts': { backdrop: [210, 35], accent: [212, 55, 58] },
  'mens-shoes': { backdrop: [90, 22], accent: [16, 80, 56] },
  'mens-watches': { backdrop: [220, 18], accent: [222, 50, 30] },
  'womens-watches': { backdrop: [345, 35], accent: [14, 45, 72] },
  'womens-bags': { backdrop: [30, 40], accent: [22, 52, 46] },
  'womens-jewellery': { backdrop: [270, 30], accent: [265, 60, 60] },
  sunglasses: { backdrop: [185, 45], accent: [14, 42, 32], spread: 24 },
  automotive: { backdrop: [205, 25], accent: [4, 72, 50] },
  motorcycle: { backdrop: [40, 15], accent: [8, 75, 48] },
  lighting: { backdrop: [48, 55], accent: [30, 80, 60], spread: 30 },
}

export const defaultLook: CategoryLook = {
  backdrop: [220, 10],
  accent: [32, 40, 62],
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n))

export function hex([h, s, l]: Hsl): string {
  const hue = ((h % 360) + 360) % 360
  const sat = clamp(s, 0, 100) / 100
  const lig = clamp(l, 0, 100) / 100
  const a = sat * Math.min(lig, 1 - lig)
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12
    const v = lig - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(0)}${channel(8)}${channel(4)}`
}

/** WCAG 2.x relative luminance of a #rrggbb colour. */
export function luminance(color: string): number {
  const channel = (i: number) => {
    const c = parseInt(color.slice(i, i + 2), 16) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)]
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
}

/**
 * Darkens a text colour until it meets `ratio` against every backdrop
 * colour it may sit on, so a pale accent never yields unreadable text.
 */
export function readable([h, s, l]: Hsl, backdrops: readonly string[], ratio = 4.5): string {
  for (let lig = l; lig > 0; lig -= 2) {
    const color = hex([h, s, lig])
    if (backdrops.every((bg) => contrast(color, bg) >= ratio)) return color
  }
  return '#000000'
}
