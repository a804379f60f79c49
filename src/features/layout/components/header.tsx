import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useId, useRef, useState } from 'react'
import { CartIcon, CloseIcon, MenuIcon, SearchIcon, UserIcon } from '../../../components/icons.tsx'
import { messages } from '../../../lib/messages.ts'
import { DESKTOP_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts'
import { accountModalOpenAtom } from '../../account/index.ts'
import { cartCountAtom } from '../../cart/index.ts'
import { HEADER_CATEGORY_COUNT, useCategories } from '../../catalog/index.ts'
import styles from './header.module.css'
import { MobileMenu } from './mobile-menu.tsx'
import { MoreCategories } from './more-categories.tsx'

export function Header() {
  const isDesktop = useMediaQuery(DESKTOP_QUERY)
  const categories = useCategories()
  const barCategories = categories.slice(0, HEADER_CATEGORY_COUNT)
  const moreCategories = categories.slice(HEADER_CATEGORY_COUNT)
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  const hamburger = useRef<HTMLButtonElement>(null)
  const cartCount = useAtomValue(cartCountAtom)
  const openAccountModal = useSetAtom(accountModalOpenAtom)
  // The menu belongs to the narrow layout: growing past 1024 px closes it for good.
  if (isDesktop && menuOpen) setMenuOpen(false)
  const closeMenu = useCallback(() => {
    setMenuOpen(false)
    hamburger.current?.focus()
  }, [])

  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        {!isDesktop && (
          <button
            ref={hamburger}
            type="button"
            className={styles.iconButton}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        )}
        <Link to="/" className={styles.logo} aria-label={`${messages.brand} home`}>
          <span className={styles.logoMark} aria-hidden="true">
            ◆
          </span>
          {messages.brand}
        </Link>
        {isDesktop && (
          <nav className={styles.nav} aria-label="Main">
            <ul className={styles.navList}>
              <li>
                <Link to="/products" className={styles.navLink} activeOptions={{ exact: true }}>
                  {messages.allProducts}
                </Link>
              </li>
              {barCategories.map((category) => (
                <li key={category.slug}>
                  <Link
                    to="/products/$category"
                    params={{ category: category.slug }}
                    className={styles.navLink}
                  >
                    {category.name}
                  </Link>
                </li>
              ))}
              {moreCategories.length > 0 && (
                <li>
                  <MoreCategories categories={moreCategories} />
                </li>
              )}
            </ul>
          </nav>
        )}
        <div className={styles.actions}>
          <Link to="/search" className={styles.iconButton} aria-label="Search">
            <SearchIcon />
          </Link>
          <button
            type="button"
            className={styles.iconButton}
            aria-label="Account"
            onClick={() => openAccountModal(true)}
          >
            <UserIcon />
          </button>
          <Link
            to="/cart"
            className={styles.iconButton}
            aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
          >
            <CartIcon />
            {cartCount > 0 && (
              <span className={styles.badge} aria-hidden="true">
                {cartCount > 99 ? '99+' : cartCount}
              </span>
            )}
          </Link>
        </div>
      </div>
      {!isDesktop && menuOpen && <MobileMenu id={menuId} onClose={closeMenu} />}
    </header>
  )
}
