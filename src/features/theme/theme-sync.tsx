import { useAtomValue } from 'jotai'
import { useLayoutEffect } from 'react'
import { themeAtom } from './theme.atoms.ts'

/** Mirrors the theme onto <html>, where the inline script in index.html put it before first paint. */
export function ThemeSync() {
  const theme = useAtomValue(themeAtom)
  useLayoutEffect(() => {
    const root = document.documentElement
    root.dataset.theme = theme
    root.style.colorScheme = theme
  }, [theme])
  return null
}
