// The theme switch, for the footer. Apart from index.ts, which the layout imports, so that it and
// its styles load with the footer rather than in the entry chunk.
export { ThemeToggle } from './theme-toggle.tsx'
