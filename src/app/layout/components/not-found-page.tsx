import { Link } from '@tanstack/react-router'
import { buttonClass } from '../../../components/button.tsx'
import { messages } from '../../../lib/messages.ts'
import styles from './status-page.module.css'

/** For any URL that is not a page, and for a product or category page that does not exist. */
export function NotFoundPage() {
  return (
    <section className={`container ${styles.page}`} aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p className={styles.text}>
        We couldn’t find the page you were looking for. It may have moved, or the address may be
        mistyped.
      </p>
      <div className={styles.actions}>
        <Link to="/" className={buttonClass('primary')}>
          Go to the home page
        </Link>
        <Link to="/products" className={buttonClass('secondary')}>
          {messages.allProducts}
        </Link>
      </div>
    </section>
  )
}
