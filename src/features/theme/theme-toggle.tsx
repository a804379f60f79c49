import { useAtomValue, useSetAtom } from 'jotai'
import { Icon, type IconProps } from '../../components/icons.tsx'
import { useAfterHydration } from '../../lib/hydrated.tsx'
import { themeAtom, toggleThemeAtom } from './theme.atoms.ts'
import styles from './theme-toggle.module.css'

const SunIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </Icon>
)
const MoonIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />
  </Icon>
)

/**
 * The footer's dark/light switch (rules.md § Header and footer). How it looks follows the theme on <html> (set before
 * the first paint, theme.script.ts), so the server's HTML, the same for every shopper, shows the
 * shopper's theme at once; what it announces follows once the app runs.
 */
export function ThemeToggle() {
  const dark = useAfterHydration(useAtomValue(themeAtom) === 'dark', false)
  const toggle = useSetAtom(toggleThemeAtom)
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      className={styles.toggle}
      onClick={toggle}
    >
      <MoonIcon width={18} height={18} className={styles.moon} />
      <SunIcon width={18} height={18} className={styles.sun} />
      <span>Dark theme</span>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
    </button>
  )
}
