// The catalogue feature's public surface for other features and routes.
export { CATEGORIES, HEADER_CATEGORY_COUNT, categoryName, type Category } from './categories.ts'
export { productIdSchema } from './catalog.api.ts'
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
export { loadListing } from './listing-loader.ts'
export { loadProduct } from './product-loader.ts'
export { filtersOf, parseListingSearch, type ListingSearch } from './listing-search.ts'
export { ListingPage } from './components/listing-page.tsx'
export { ProductCard } from './components/product-card.tsx'
export { ProductGrid, ProductGridSkeleton } from './components/product-grid.tsx'
