import { Hono } from 'hono'
import type { DummyCatalogue } from './catalogue.ts'
import type { DummyEnv } from './env.ts'
import { DummyJsonError, sendJson } from './http.ts'
import { listEnvelope, selectKeys } from './list-options.ts'

/** DummyJSON's product routes (`src/routes/product.js`), read-only, over the recorded catalogue. */
export function productRoutes({ products, categories, categoryList }: DummyCatalogue) {
  return new Hono<DummyEnv>()
    .get('/', (c) => sendJson(c, listEnvelope(products, c.get('options'))))
    .get('/search', (c) => {
      const options = c.get('options')
      const found = products.filter(
        (p) =>
          p.title.toLowerCase().includes(options.q) ||
          p.description.toLowerCase().includes(options.q),
      )
      return sendJson(c, listEnvelope(found, options))
    })
    .get('/category-list', (c) => sendJson(c, categoryList))
    .get('/categories', (c) => sendJson(c, categories))
    .get('/:id', (c) => {
      const id = c.req.param('id')
      const product = products.find((p) => p.id.toString() === id)
      if (!product) throw new DummyJsonError(404, `Product with id '${id}' not found`)
      return sendJson(c, selectKeys(product, c.get('options').select))
    })
    .get('/category/:slug', (c) => {
      const slug = c.req.param('slug').toLowerCase()
      const found = products.filter((p) => p.category.toLowerCase() === slug)
      return sendJson(c, listEnvelope(found, c.get('options')))
    })
}
