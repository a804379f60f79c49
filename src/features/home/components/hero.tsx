import { Link } from '@tanstack/react-router'
import { buttonClass } from '../../../components/button.tsx'
import { messages } from '../../../lib/messages.ts'
import styles from './hero.module.css'

/**
 * The hero banner (rules.md § Home page). Text, and a drawing in its stylesheet: nothing to download,
 * so it is painted with the first HTML and CSS even on a slow connection.
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
        <div className={styles.art} />
      </div>
    </section>
  )
}
