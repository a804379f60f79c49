export { ThemeSync } from './theme-sync.tsx'
export { THEME_STORAGE_KEY } from './theme.atoms.ts'
export { ThemeToggle } from './theme-toggle.tsx'
