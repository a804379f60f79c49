import { Link } from '@tanstack/react-router'
import { buttonClass } from '../../../components/button.tsx'
import { messages } from '../../../lib/messages.ts'
import styles from './hero.module.css'

/**
 * The hero banner (rules.md § Home page). Text and an inline drawing only: nothing to download, so it is
 * painted with the first HTML and CSS even on a slow connection.
 */
export function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={`container ${styles.inner}`}>
        <div>
          <p className={styles.eyebrow}>The {messages.brand} Gift Guide</p>
          <h1 id="hero-title" className={styles.title}>
            {messages.heroTitle}
          </h1>
          <p className={styles.text}>
            Thoughtful picks for everyone on your list, with free gift boxing and free shipping on
            every order.
          </p>
          <Link
            to="/products/$category"
            params={{ category: 'womens-bags' }}
            className={buttonClass('primary')}
          >
            {messages.heroCta}
          </Link>
        </div>
        <svg
          className={styles.art}
          viewBox="0 0 340 260"
          width="340"
          height="260"
          aria-hidden="true"
          focusable="false"
        >
          <ellipse cx="170" cy="238" rx="150" ry="14" fill="currentColor" opacity="0.12" />
          <rect x="40" y="110" width="150" height="120" rx="6" fill="#b4541a" />
          <rect x="30" y="90" width="170" height="34" rx="6" fill="#c8642a" />
          <rect x="104" y="90" width="22" height="140" fill="#f3d9a4" />
          <path
            d="M115 90c-30-40-62-22-46-4 10 10 46 4 46 4Zm0 0c30-40 62-22 46-4-10 10-46 4-46 4Z"
            fill="#f3d9a4"
          />
          <rect x="200" y="150" width="110" height="80" rx="6" fill="#1f3a5f" />
          <rect x="192" y="134" width="126" height="26" rx="6" fill="#2d4f7c" />
          <rect x="246" y="134" width="18" height="96" fill="#e8c46b" />
          <path
            d="M255 134c-22-30-48-16-35-3 8 8 35 3 35 3Zm0 0c22-30 48-16 35-3-8 8-35 3-35 3Z"
            fill="#e8c46b"
          />
          <circle cx="290" cy="60" r="6" fill="#e8c46b" />
          <circle cx="60" cy="50" r="4" fill="#c8642a" />
          <circle cx="230" cy="30" r="3" fill="#1f3a5f" />
        </svg>
      </div>
    </section>
  )
}
