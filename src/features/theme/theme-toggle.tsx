import { useAtomValue, useSetAtom } from 'jotai'
import { MoonIcon, SunIcon } from '../../components/icons.tsx'
import { themeAtom, toggleThemeAtom } from './theme.atoms.ts'
import styles from './theme-toggle.module.css'

/** The footer's dark/light switch (spec §2.3). */
export function ThemeToggle() {
  const theme = useAtomValue(themeAtom)
  const toggle = useSetAtom(toggleThemeAtom)
  const dark = theme === 'dark'
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      className={styles.toggle}
      onClick={toggle}
    >
      {dark ? <MoonIcon width={18} height={18} /> : <SunIcon width={18} height={18} />}
      <span>Dark theme</span>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
    </button>
  )
}
