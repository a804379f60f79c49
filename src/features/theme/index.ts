export { ThemeSync } from './theme-sync.tsx'
export { ThemeToggle } from './theme-toggle.tsx'
export { THEME_STORAGE_KEY } from './theme.atoms.ts'
