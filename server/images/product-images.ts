import type { Catalogue } from '../catalogue/catalogue.ts'
import { createRepresentation, type Representation } from '../http/representation.ts'
import { renderProductImage } from './product-image.ts'

export const SVG_TYPE = 'image/svg+xml; charset=utf-8'

export interface ProductImages {
  /** The image at a catalogue image path such as `images/products/1/thumbnail.svg`. */
  get(path: string): Representation | undefined
  /** The path with a content version, so a changed drawing never hides behind an immutable cache entry. */
  versioned(path: string): string
}

/**
 * Renders every product image once, at start: a few hundred small SVGs (well under a megabyte),
 * which also gives each URL a content version before the first listing is served.
 */
export function createProductImages(catalogue: Catalogue): ProductImages {
  const images = new Map<string, Representation>()
  for (const product of catalogue.products) {
    const subject = {
      id: product.id,
      title: product.title,
      brand: product.brand,
      category: product.category,
    }
    images.set(
      product.thumbnail,
      createRepresentation(renderProductImage(subject, 'thumbnail'), SVG_TYPE),
    )
    product.images.forEach((path, index) => {
      images.set(path, createRepresentation(renderProductImage(subject, index + 1), SVG_TYPE))
    })
  }
  return {
    get: (path) => images.get(path),
    versioned(path) {
      const rep = images.get(path)
      // The ETag is `W/"<digest>"`; eight characters of the digest are plenty to tell versions apart.
      return rep ? `${path}?v=${rep.etag.slice(3, 11)}` : path
    },
  }
}
