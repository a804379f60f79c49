// The catalogue feature's public surface for other features and routes.
export { CATEGORIES, HEADER_CATEGORY_COUNT, categoryName, type Category } from './categories.ts'
export { allProductsQuery, bestSellers, catalogKeys, PAGE_SIZE } from './catalog.queries.ts'
export type { Product, ProductCardData } from './catalog.schemas.ts'
export { ProductCard } from './components/product-card.tsx'
