export { SearchPage } from './components/search-page.tsx'
export { parseSearchParams } from './search.ts'
