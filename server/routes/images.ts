import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { createRepresentation } from '../http/representation.ts'
import { RepresentationCache } from '../http/representation-cache.ts'
import { CACHE_CATALOGUE, CACHE_IMMUTABLE, respond } from '../http/respond.ts'
import { nameFromSlug, isCategorySlug } from '../../shared/catalogue/categories.ts'
import { fromPrice } from '../../shared/catalogue/from-price.ts'
import { discountedPrice, formatPrice } from '../../shared/pricing/pricing.ts'
import type { Catalogue, StoredProduct } from '../catalogue/catalogue.ts'
import { AVATAR_FILE, renderAvatar } from '../images/avatar.ts'
import { mosaicSvg, PNG_TYPE, previewSvg, toPng } from '../images/link-preview.ts'
import { renderProductImage } from '../images/product-image.ts'
import { SVG_TYPE, type ProductImages } from '../images/product-images.ts'

interface ImageRoutesDeps {
  catalogue: Catalogue
  productImages: ProductImages
  cache: RepresentationCache
}

/**
 * Link previews are drawn on first request and kept: a few hundred of about 40 KB (every product,
 * category and the site) fit this bound, so no request can make the server draw one twice.
 */
const PREVIEW_CACHE_BYTES = 24 * 2 ** 20
/** The categories the site's own preview shows. */
const SITE_PREVIEW = [
  'smartphones',
  'laptops',
  'fragrances',
  'skincare',
  'womens-dresses',
  'mens-shoes',
  'mens-watches',
  'furniture',
]

const categoryPicture = (slug: string) =>
  renderProductImage({ id: 0, title: nameFromSlug(slug), brand: '', category: slug }, 'thumbnail')

/** What a product's preview writes: its title, its price after the discount (from the lowest, when its variants differ) and before. */
function productPreviewText(product: StoredProduct) {
  const from = fromPrice(product) !== undefined
  const price = formatPrice(discountedPrice(product.price, product.discountPercentage))
  return {
    title: product.title,
    price: from ? `From ${price}` : price,
    ...(!from && product.discountPercentage > 0 && { was: formatPrice(product.price) }),
  }
}

export function imageRoutes({ catalogue, productImages, cache }: ImageRoutesDeps) {
  const previews = new RepresentationCache({ maxBytes: PREVIEW_CACHE_BYTES })
  const preview = (key: string, draw: () => string) =>
    previews.getOrCreate(key, () => createRepresentation(toPng(draw()), PNG_TYPE))
  return (
    new Hono()
      // Looked up by exact path among the images the catalogue has; nothing is read from disk.
      .get('/products/:id/:file', (c) => {
        const rep = productImages.get(`images/products/${c.req.param('id')}/${c.req.param('file')}`)
        if (!rep) throw new HTTPException(404, { message: 'Image not found' })
        return respond(c, rep, { cacheControl: CACHE_IMMUTABLE })
      })
      // ours: a category's picture for the storefront's category carousel.
      .get('/categories/:file', (c) => {
        const slug = /^([a-z-]{2,40})\.svg$/.exec(c.req.param('file'))?.[1]
        if (!slug || !isCategorySlug(slug))
          throw new HTTPException(404, { message: 'Image not found' })
        const rep = cache.getOrCreate(`category:${slug}`, () =>
          createRepresentation(categoryPicture(slug), SVG_TYPE),
        )
        const response = respond(c, rep, { cacheControl: CACHE_CATALOGUE })
        cache.remeasure(`category:${slug}`)
        return response
      })
      // ours: link previews (og:image), 1200 × 630 PNG, which every link previewer shows.
      .get('/previews/products/:file', (c) => {
        const product = catalogue.byId(Number(/^(\d{1,6})\.png$/.exec(c.req.param('file'))?.[1]))
        const photo = product && productImages.get(product.images[0] ?? '')
        if (!product || !photo) throw new HTTPException(404, { message: 'Image not found' })
        const rep = preview(`product:${product.id}`, () =>
          previewSvg(photo.body.toString(), productPreviewText(product)),
        )
        return respond(c, rep, { cacheControl: CACHE_CATALOGUE })
      })
      .get('/previews/categories/:file', (c) => {
        const slug = /^([a-z-]{2,40})\.png$/.exec(c.req.param('file'))?.[1]
        if (!slug || !isCategorySlug(slug))
          throw new HTTPException(404, { message: 'Image not found' })
        const rep = preview(`category:${slug}`, () =>
          previewSvg(categoryPicture(slug), { title: nameFromSlug(slug) }),
        )
        return respond(c, rep, { cacheControl: CACHE_CATALOGUE })
      })
      .get('/previews/site.png', (c) => {
        const rep = preview('site', () => mosaicSvg(SITE_PREVIEW.map(categoryPicture)))
        return respond(c, rep, { cacheControl: CACHE_CATALOGUE })
      })
      .get('/avatars/:file', (c) => {
        const initials = AVATAR_FILE.exec(c.req.param('file'))?.[1]
        if (!initials) throw new HTTPException(404, { message: 'Image not found' })
        const rep = cache.getOrCreate(`avatar:${initials}`, () =>
          createRepresentation(renderAvatar(initials), SVG_TYPE),
        )
        return respond(c, rep, { cacheControl: CACHE_IMMUTABLE })
      })
  )
}
