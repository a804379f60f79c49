// The search feature's public surface for other features: the header's search, loaded on demand.
export { HeaderSearch } from './components/header-search.tsx'
