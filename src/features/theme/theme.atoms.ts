import { atom } from 'jotai'
import { atomWithLazy } from 'jotai/utils'
import * as v from 'valibot'
import { atomWithValidatedStorage } from '../../lib/storage-atom.ts'

export type Theme = 'light' | 'dark'

// Stored under 'theme' as a JSON string; index.html reads the same key before first paint.
export const THEME_STORAGE_KEY = 'theme'
const DARK_QUERY = '(prefers-color-scheme: dark)'

/** The shopper's explicit choice; null until they pick one, so the system preference applies. */
const chosenThemeAtom = atomWithValidatedStorage(
  THEME_STORAGE_KEY,
  v.nullable(v.picklist(['light', 'dark'])),
  null,
)

const systemPrefersDark = () => typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches

// Read when first needed, not at module load, so it reflects the system at that moment.
const systemThemeAtom = atomWithLazy<Theme>(() => (systemPrefersDark() ? 'dark' : 'light'))
systemThemeAtom.onMount = (set) => {
  if (typeof matchMedia !== 'function') return
  const query = matchMedia(DARK_QUERY)
  const update = () => set(query.matches ? 'dark' : 'light')
  query.addEventListener('change', update)
  return () => query.removeEventListener('change', update)
}

export const themeAtom = atom<Theme>((get) => get(chosenThemeAtom) ?? get(systemThemeAtom))

export const toggleThemeAtom = atom(null, (get, set) => {
  set(chosenThemeAtom, get(themeAtom) === 'dark' ? 'light' : 'dark')
})
