import { hash } from '../hash.ts'
import { skuCode, type AVAILABILITY, type ProductSeed } from './product.schema.ts'

/**
 * The parts of a product record that follow from its authored seed and id: deterministic, so the
 * catalogue (and every ETag) is identical on every start and every machine.
 */

export type Availability = (typeof AVAILABILITY)[number]

// Below this many units a product shows as 'Low Stock' (the public API uses the same three labels).
const LOW_STOCK_BELOW = 10

export function availabilityFor(stock: number): Availability {
  if (stock <= 0) return 'Out of Stock'
  return stock < LOW_STOCK_BELOW ? 'Low Stock' : 'In Stock'
}

export function skuFor(seed: ProductSeed, id: number): string {
  const letters = (s: string) => skuCode(s).slice(0, 3)
  return `${letters(seed.category)}-${letters(seed.brand)}-${String(id).padStart(3, '0')}`
}

/** A 13-digit EAN with a valid check digit. */
export function barcodeFor(id: number): string {
  const body = String(hash(`barcode:${id}`) % 1e9).padStart(9, '0')
  const digits = `400${body}` // 400–440: a GS1 prefix block, so the code looks like a real EAN-13
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0)
  return digits + String((10 - (sum % 10)) % 10)
}

const DAY_MS = 86_400_000
// Catalogue records were "created" through 2025; fixed so that nothing depends on the clock.
const CATALOGUE_EPOCH = Date.UTC(2025, 0, 6, 9, 0, 0)

export function datesFor(id: number): { createdAt: Date; updatedAt: Date } {
  const createdAt = new Date(
    CATALOGUE_EPOCH + id * 1.5 * DAY_MS + (hash(`c:${id}`) % 36_000) * 1000,
  )
  const updatedAt = new Date(createdAt.getTime() + (7 + (hash(`u:${id}`) % 120)) * DAY_MS)
  return { createdAt, updatedAt }
}

export function reviewerEmail(name: string): string {
  const local = name
    .toLowerCase()
    .split(/\s+/)
    .map((part) => part.replace(/[^a-z0-9]/g, ''))
    .filter(Boolean)
    .join('.')
  return `${local || 'shopper'}@example.com`
}

export function reviewDate(createdAt: Date, id: number, index: number): Date {
  const days = 3 + (hash(`r:${id}:${index}`) % 40) + index * 21
  return new Date(createdAt.getTime() + days * DAY_MS)
}
