import { useQueryClient } from '@tanstack/react-query'
import { Link, Outlet, useLocation, useNavigate, useRouteContext } from '@tanstack/react-router'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { signOut } from '../operator-api.ts'
import styles from '../admin.module.css'

/**
 * The back office's frame (every page but the sign-in): a skip link, the shop's name, the pages
 * (Orders, Stock), who is signed in, the theme, and Sign out. At 390 px it wraps to two rows.
 */
export function Frame() {
  const { operator } = useRouteContext({ from: '/admin' })
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [leaving, setLeaving] = useState(false)
  // The section the page is in (an order's page is in Orders): marked in the navigation.
  const onStock = useLocation({ select: (at) => at.pathname.startsWith('/admin/stock') })
  return (
    <>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Link to="/admin" className={styles.brand}>
            Meridian <span className={styles.brandNote}>back office</span>
          </Link>
          <nav aria-label="Back office" className={styles.nav}>
            <Link
              to="/admin"
              className={styles.navItem}
              data-section={!onStock || undefined}
              activeOptions={{ includeSearch: false }}
            >
              Orders
            </Link>
            <Link
              to="/admin/stock"
              className={styles.navItem}
              data-section={onStock || undefined}
              activeOptions={{ includeSearch: false }}
            >
              Stock
            </Link>
          </nav>
          <div className={styles.who}>
            <span className={styles.email} title={operator}>
              {operator}
            </span>
            <ThemeSwitch />
            <button
              type="button"
              className={styles.quiet}
              disabled={leaving}
              onClick={() => {
                setLeaving(true)
                void signOut().finally(() => {
                  queryClient.clear()
                  void navigate({ to: '/admin/sign-in', replace: true })
                })
              }}
            >
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  )
}

/** Light or dark, as the storefront keeps the choice (the same `theme` key and inline script). */
function ThemeSwitch() {
  const [theme, setTheme] = useState(() => document.documentElement.dataset.theme ?? 'light')
  const next = theme === 'dark' ? 'light' : 'dark'
  return (
    <button
      type="button"
      className={styles.quiet}
      aria-pressed={theme === 'dark'}
      onClick={() => {
        const root = document.documentElement
        root.dataset.theme = next
        root.style.colorScheme = next
        try {
          localStorage.setItem('theme', JSON.stringify(next))
        } catch {
          // Kept for this page only.
        }
        setTheme(next)
      }}
    >
      Dark theme
    </button>
  )
}

let firstPage = true

/**
 * A page's heading and the document's title. After a navigation (not the first page), focus goes
 * to the heading, so a screen reader says where the operator now is and Tab starts from there.
 */
export function PageHeading({ children, title }: { children: ReactNode; title: string }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    document.title = `${title} | Meridian back office`
  }, [title])
  useEffect(() => {
    if (firstPage) firstPage = false
    else heading.current?.focus({ preventScroll: false })
  }, [])
  return (
    <h1 ref={heading} tabIndex={-1} className={styles.heading}>
      {children}
    </h1>
  )
}

export function PagePending() {
  return (
    <p className={styles.pending} role="status">
      Loading…
    </p>
  )
}

export function NotFound() {
  return (
    <>
      <PageHeading title="Not found">Nothing here</PageHeading>
      <p>
        This address is not a page of the back office. <Link to="/admin">Go to the orders</Link>
      </p>
    </>
  )
}

/** What went wrong with a page's data, and a way to try again. */
export function LoadError({ error, retry }: { error: Error; retry: () => void }) {
  return (
    <div role="alert" className={styles.problem}>
      <p>{error.message}</p>
      <button type="button" className={styles.quiet} onClick={retry}>
        Try again
      </button>
    </div>
  )
}
