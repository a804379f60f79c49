import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { messages } from '../../../lib/messages.ts'
import { useCoveringPanel } from '../../../lib/use-covering-panel.ts'
import { useCategories } from '../../../domain/catalogue/use-categories.ts'
import { CategoryLinks } from './category-links.tsx'
import styles from './mobile-menu.module.css'

interface MobileMenuProps {
  id: string
  onClose: () => void
}

/**
 * The hamburger's menu below 1024 px: every category (rules.md § Responsive layout). While it is open the page
 * behind does not scroll (rules.md § State changes); Escape or a choice closes it.
 */
export function MobileMenu({ id, onClose }: MobileMenuProps) {
  const panel = useRef<HTMLElement>(null)
  const categories = useCategories()

  useCoveringPanel(true, onClose)
  useEffect(() => panel.current?.querySelector('a')?.focus(), [])

  return (
    <nav id={id} ref={panel} className={styles.panel} aria-label="Categories">
      <ul className={styles.list}>
        <li>
          <Link to="/products" className={styles.link} onClick={onClose}>
            {messages.allProducts}
          </Link>
        </li>
        <CategoryLinks categories={categories} className={styles.link} onChoose={onClose} />
      </ul>
    </nav>
  )
}
