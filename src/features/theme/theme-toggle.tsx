import { useAtomValue, useSetAtom } from 'jotai'
import { Icon, type IconProps } from '../../components/icons.tsx'
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

/** The footer's dark/light switch (spec §2.3); it loads with the footer, its icons with it. */
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
