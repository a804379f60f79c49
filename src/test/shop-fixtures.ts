import type { Address } from '../../shared/address/address.schema.ts'
import type { CartLine } from '../domain/cart/cart.schemas.ts'
import { http } from 'msw'
import { apiServer, testApi } from './api-server.ts'

/** A product as the test API answers it (the fields the cart keeps, and its photos). */
export interface ApiProduct {
  id: number
  title: string
  brand?: string
  category: string
  price: number
  discountPercentage: number
  thumbnail: string
  images: string[]
  stock: number
  minimumOrderQuantity: number
}

export async function apiProduct(id: number): Promise<ApiProduct> {
  return (await (await testApi().call(`/api/products/${id}`)).json()) as ApiProduct
}

export async function apiProducts(): Promise<ApiProduct[]> {
  const res = await testApi().call('/api/products?limit=0')
  return ((await res.json()) as { products: ApiProduct[] }).products
}

/** From now on, the API answers these products with other stock (the shop sold some). */
export function changeStock(changes: Record<number, { stock: number }>) {
  apiServer.use(
    http.get('*/api/products/:id', async ({ request, params }) => {
      const change = changes[Number(params.id)]
      if (!change) return testApi().fetch(request)
      const answer = await testApi().call(new URL(request.url).pathname)
      return Response.json({ ...((await answer.json()) as object), ...change })
    }),
  )
}

/** The cart line a product becomes (rules.md § Purchase flow). */
export function cartLineOf(product: ApiProduct, quantity: number): CartLine {
  const { id, title, brand, category, price, discountPercentage, thumbnail } = product
  const { stock, minimumOrderQuantity } = product
  return {
    ...{ id, title, brand, category, price, discountPercentage, thumbnail, quantity },
    ...{ stock, minimumOrderQuantity },
  }
}

/** A valid shipping address (rules.md § Validation rules). */
export const TEST_ADDRESS: Address = {
  firstName: 'Asha',
  lastName: 'Rao',
  address1: '12 MG Road',
  address2: 'Flat 4B',
  city: 'Bengaluru',
  state: 'Karnataka',
  code: '560001',
  mobile: '9876543210',
  email: 'asha.rao@example.com',
}
