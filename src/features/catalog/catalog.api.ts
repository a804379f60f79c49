import { requestJson } from '../../lib/api-client.ts'
import { productListSchema, type ProductList } from './catalog.schemas.ts'

export interface ProductPageRequest {
  skip: number
  limit: number
}

/** GET products?limit&skip: one page of the whole catalogue. */
export function fetchProductPage(
  { skip, limit }: ProductPageRequest,
  signal?: AbortSignal,
): Promise<ProductList> {
  return requestJson(productListSchema, 'products', { searchParams: { limit, skip }, signal })
}
