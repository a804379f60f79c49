// The catalogue feature's public surface for other features. Routes import pages and loaders from
// their own modules, keeping them in their route's chunk.
export { HEADER_CATEGORY_COUNT, categoryName, type Category } from './categories.ts'
export {
  loadCategories,
  RefreshCategories,
  useCategories,
  useCategoryPictures,
} from './use-categories.ts'
export {
  allProductsQuery,
  bestSellers,
  catalogKeys,
  productListQuery,
  productQuery,
  productScopeQuery,
  relatedQuery,
  searchQuery,
} from './catalog.queries.ts'
export { PAGE_SIZE, searchProducts } from './catalog.api.ts'
export type { Product, ProductCardData, Review } from './catalog.schemas.ts'
export { ProductCard } from './components/product-card.tsx'
export { ProductGrid, ProductGridSkeleton } from './components/product-grid.tsx'
