// The catalogue's components for other features' pages (search, home, product). Apart from
// index.ts, so that the layout, which imports index.ts, does not pull them into the entry chunk.
export { ProductCard } from './components/product-card.tsx'
export { ProductGrid, ProductGridSkeleton } from './components/product-grid.tsx'
