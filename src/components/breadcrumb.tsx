import { Link, type LinkProps } from '@tanstack/react-router'
import styles from './breadcrumb.module.css'

export interface Crumb {
  label: string
  link: Pick<LinkProps, 'to' | 'params'>
}

/** A breadcrumb trail; the last crumb is the current page. */
export function Breadcrumb({ items }: { items: readonly Crumb[] }) {
  return (
    <nav className={styles.breadcrumb} aria-label="Breadcrumb">
      <ol>
        {items.map((item, index) => (
          <li key={item.label}>
            {index === items.length - 1 ? (
              <Link {...item.link} aria-current="page">
                {item.label}
              </Link>
            ) : (
              <Link {...item.link}>{item.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
