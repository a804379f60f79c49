import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { createRepresentation } from '../http/representation.ts'
import type { RepresentationCache } from '../http/representation-cache.ts'
import { CACHE_CATALOGUE, CACHE_IMMUTABLE, respond } from '../http/respond.ts'
import { nameFromSlug, isCategorySlug } from '../../shared/catalogue/categories.ts'
import { AVATAR_FILE, renderAvatar } from '../images/avatar.ts'
import { renderProductImage } from '../images/product-image.ts'
import { SVG_TYPE, type ProductImages } from '../images/product-images.ts'

interface ImageRoutesDeps {
  productImages: ProductImages
  cache: RepresentationCache
}

export function imageRoutes({ productImages, cache }: ImageRoutesDeps) {
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
          createRepresentation(
            renderProductImage(
              { id: 0, title: nameFromSlug(slug), brand: '', category: slug },
              'thumbnail',
            ),
            SVG_TYPE,
          ),
        )
        const response = respond(c, rep, { cacheControl: CACHE_CATALOGUE })
        cache.remeasure(`category:${slug}`)
        return response
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
