export { ProductPage } from './components/product-page.tsx'
