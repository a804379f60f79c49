// The catalogue feature's public surface for other features. Keep it light: the layout imports it,
// so whatever is re-exported here ships in the entry chunk. Routes import pages and loaders from
// their own modules instead, keeping them in their route's chunk.
export { CATEGORIES, HEADER_CATEGORY_COUNT, categoryName, type Category } from './categories.ts'
export {
  allProductsQuery,
  bestSellers,
  catalogKeys,
  PAGE_SIZE,
  productListQuery,
  productQuery,
  productScopeQuery,
  relatedQuery,
  searchQuery,
} from './catalog.queries.ts'
export type { Product, ProductCardData } from './catalog.schemas.ts'
export { ProductCard } from './components/product-card.tsx'
export { ProductGrid, ProductGridSkeleton } from './components/product-grid.tsx'
