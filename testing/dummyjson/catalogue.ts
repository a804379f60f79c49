import type { ImageSubject } from '../../server/images/product-image.ts'
import { DUMMYJSON_CDN, type DummyProduct } from './records.ts'

export interface Category {
  slug: string
  name: string
  url: string
}

/** A picture the dialect can draw: which product, and which of its photos (or the thumbnail). */
export interface ImageTarget {
  subject: ImageSubject
  variant: number | 'thumbnail'
}

export interface DummyCatalogue {
  products: readonly DummyProduct[]
  categoryList: readonly string[]
  categories: readonly Category[]
  /** Decoded path (`/product-images/…`) → the picture; empty without an image origin. */
  images: ReadonlyMap<string, ImageTarget>
}

/** DummyJSON's `capitalizeWords`: `home-decoration` → `Home Decoration`. */
const capitalizeWords = (slug: string) =>
  slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')

/** Percent-decoding that never throws (a malformed escape just stays as it is). */
export function decodePath(path: string): string {
  try {
    return decodeURI(path)
  } catch {
    return path
  }
}

function withImageOrigin(product: DummyProduct, origin: string): DummyProduct {
  const rewrite = (url: string) =>
    url.startsWith(`${DUMMYJSON_CDN}/`) ? origin + url.slice(DUMMYJSON_CDN.length) : url
  // Spreads keep every key where it was; only the three URL fields change.
  return {
    ...product,
    meta: { ...product.meta, qrCode: rewrite(product.meta.qrCode) },
    images: product.images.map(rewrite),
    thumbnail: rewrite(product.thumbnail),
  }
}

/**
 * The dialect's view of the records. Categories come from the products in first-appearance order,
 * as DummyJSON derives them (`loadDataInMemory`), so they need no file of their own.
 */
export function createCatalogue(
  records: readonly DummyProduct[],
  imageOrigin?: string,
): DummyCatalogue {
  const origin = imageOrigin?.replace(/\/+$/, '')
  const products = origin ? records.map((p) => withImageOrigin(p, origin)) : records
  const categoryList = [...new Set(products.map((p) => p.category))]
  const categories = categoryList.map((slug) => ({
    slug,
    name: capitalizeWords(slug),
    url: `https://dummyjson.com/products/category/${slug}`,
  }))
  const images = new Map<string, ImageTarget>()
  if (origin) {
    for (const product of products) {
      const subject = {
        id: product.id,
        title: product.title,
        brand: product.brand ?? '',
        category: product.category,
      }
      const key = (url: string) => decodePath(new URL(url).pathname)
      // The generator draws four photos; a product with more (DummyJSON has some with 6) reuses them.
      product.images.forEach((url, i) => images.set(key(url), { subject, variant: (i % 4) + 1 }))
      images.set(key(product.thumbnail), { subject, variant: 'thumbnail' })
    }
  }
  return { products, categoryList, categories, images }
}
