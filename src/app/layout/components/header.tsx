import { Link } from '@tanstack/react-router'
import { useSetAtom } from 'jotai'
import { useId, useRef, useState } from 'react'
import { CartIcon, CloseIcon, MenuIcon, SearchIcon, UserIcon } from '../../../components/icons.tsx'
import { OnDemand, WhenLoaded } from '../../../components/on-demand.tsx'
import { useHydrated } from '../../../lib/hydrated.tsx'
import { lazyComponent } from '../../../lib/lazy-component.ts'
import { messages } from '../../../lib/messages.ts'
import { DESKTOP_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts'
import { accountModalOpenAtom } from '../../../domain/session/session.atoms.ts'
import { preloadAccountModal } from '../../../features/account/account-modal.tsx'
import { HEADER_CATEGORY_COUNT } from '../../../domain/catalogue/categories.ts'
import { useCategories } from '../../../domain/catalogue/use-categories.ts'
import styles from './header.module.css'
import { MoreCategories } from './more-categories.tsx'

// The phone menu's code loads when the shopper reaches for the button.
const MobileMenu = lazyComponent(() => import('./mobile-menu.tsx'), 'MobileMenu')
// The search's combobox loads when the shopper reaches for its button.
const HeaderSearch = lazyComponent(
  () => import('../../../features/search/components/header-search.tsx'),
  'HeaderSearch',
)
// The cart's count is the shopper's own: it comes in once the page is hydrated, with the cart's code.
const CartCount = lazyComponent(
  () => import('../../../features/cart/components/cart-count.tsx'),
  'CartCount',
)

const cartLabel = <span className="visually-hidden">Cart</span>

export function Header() {
  const isDesktop = useMediaQuery(DESKTOP_QUERY)
  const categories = useCategories()
  const barCategories = categories.slice(0, HEADER_CATEGORY_COUNT)
  const moreCategories = categories.slice(HEADER_CATEGORY_COUNT)
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  const hamburger = useRef<HTMLElement>(null)
  const [searchOpen, setSearchOpen] = useState(false)
  const searchId = useId()
  const hydrated = useHydrated()
  const openAccountModal = useSetAtom(accountModalOpenAtom)
  // The menu belongs to the narrow layout: growing past 1024 px closes it for good.
  if (isDesktop && menuOpen) setMenuOpen(false)
  const closeMenu = () => {
    setMenuOpen(false)
    hamburger.current?.focus()
  }

  // Both layouts are in the page and CSS shows one (rules.md § Responsive layout): the server cannot know the width.
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        {/* A <details>, so that the categories open without JavaScript (its own list, in a
            <noscript>); once the app runs, the summary opens the app's menu instead, and the
            <details> is open while it is, which is how the browser tells it. */}
        <details className={styles.menuButton} open={menuOpen}>
          <summary
            ref={hamburger}
            className={styles.iconButton}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-controls={menuOpen ? menuId : undefined}
            onPointerEnter={MobileMenu.preload}
            onFocus={MobileMenu.preload}
            // An open search closes itself as the shopper reaches elsewhere (header-search.tsx).
            onClick={(event) => {
              event.preventDefault()
              setMenuOpen((open) => !open)
            }}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </summary>
          <noscript>
            <nav className={styles.noScriptMenu} aria-label="Categories">
              <ul>
                <li>
                  <a href="/products">{messages.allProducts}</a>
                </li>
                {categories.map((category) => (
                  <li key={category.slug}>
                    <a href={`/products/${category.slug}`}>{category.name}</a>
                  </li>
                ))}
              </ul>
            </nav>
          </noscript>
        </details>
        <Link to="/" className={styles.logo} aria-label={`${messages.brand} home`}>
          <span className={styles.logoMark} aria-hidden="true">
            ◆
          </span>
          {messages.brand}
        </Link>
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
        <div className={styles.actions}>
          {/* Before the app runs, the button submits its form: the search page. Then it opens the
              combobox over the page. */}
          <form action="/search" className={styles.searchForm}>
            <button
              type="submit"
              className={styles.iconButton}
              aria-label="Search"
              aria-expanded={searchOpen}
              aria-controls={searchId}
              // A touch enters as a pointer too, before it presses.
              onPointerEnter={HeaderSearch.preload}
              onFocus={HeaderSearch.preload}
              onClick={(event) => {
                event.preventDefault()
                setSearchOpen(!searchOpen)
                setMenuOpen(false)
              }}
            >
              <SearchIcon />
            </button>
          </form>
          {searchOpen && (
            <OnDemand>
              <HeaderSearch id={searchId} onClose={() => setSearchOpen(false)} />
            </OnDemand>
          )}
          <button
            type="button"
            className={styles.iconButton}
            aria-label="Account"
            onPointerEnter={preloadAccountModal}
            onFocus={preloadAccountModal}
            onClick={() => openAccountModal(true)}
          >
            <UserIcon />
          </button>
          <Link to="/cart" className={styles.iconButton}>
            <CartIcon />
            <WhenLoaded piece={CartCount} when={hydrated} fallback={cartLabel}>
              <CartCount badgeClassName={styles.cartBadge} />
            </WhenLoaded>
          </Link>
        </div>
      </div>
      {!isDesktop && menuOpen && (
        <OnDemand>
          <MobileMenu id={menuId} onClose={closeMenu} />
        </OnDemand>
      )}
    </header>
  )
}
