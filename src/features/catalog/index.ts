// The catalogue feature's public surface for other features. Keep it light: the layout imports it,
// so whatever is re-exported here ships in the entry chunk (a component's CSS import is a side
// effect the bundler keeps even when the component is unused). Its components are in ./ui.ts.
// Routes import pages and loaders from their own modules, keeping them in their route's chunk.
export { HEADER_CATEGORY_COUNT, categoryName, type Category } from './categories.ts'
export { RefreshCategories, useCategories, useCategoryPictures } from './use-categories.ts'
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
