import styles from './star-rating.module.css'

const STARS = '★★★★★'

/** A read-only 5-star rating (rules.md § Constants and formulas), partially filled to the exact value. */
export function StarRating({ rating }: { rating: number }) {
  const value = Math.min(5, Math.max(0, rating))
  const label = `Rated ${value.toFixed(1)} out of 5`
  return (
    <span className={styles.stars} role="img" aria-label={label} title={label}>
      <span aria-hidden="true">{STARS}</span>
      <span className={styles.filled} style={{ width: `${(value / 5) * 100}%` }} aria-hidden="true">
        {STARS}
      </span>
    </span>
  )
}
