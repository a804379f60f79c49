import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { messages } from '../../../lib/messages.ts'
import { useCategories } from '../../catalog/index.ts'
import styles from './mobile-menu.module.css'

interface MobileMenuProps {
  id: string
  onClose: () => void
}

/**
 * The hamburger's menu below 1024 px: every category (decisions §9). While it is open the page
 * behind does not scroll (spec §4); Escape or a choice closes it.
 */
export function MobileMenu({ id, onClose }: MobileMenuProps) {
  const panel = useRef<HTMLElement>(null)
  const categories = useCategories()

  useEffect(() => {
    const root = document.documentElement
    root.classList.add('scroll-locked')
    panel.current?.querySelector('a')?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      root.classList.remove('scroll-locked')
      document.removeEventListener('keydown', onKey)
    }
  }, [onClose])

  return (
    <nav id={id} ref={panel} className={styles.panel} aria-label="Categories">
      <ul className={styles.list}>
        <li>
          <Link to="/products" className={styles.link} onClick={onClose}>
            {messages.allProducts}
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.slug}>
            <Link
              to="/products/$category"
              params={{ category: category.slug }}
              className={styles.link}
              onClick={onClose}
            >
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
