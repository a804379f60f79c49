import styles from './star-rating.module.css'

// Empty stars are outlines, filled ones solid: told apart by their shape, not only their colour.
const EMPTY = '☆☆☆☆☆'
const FILLED = '★★★★★'

/**
 * A read-only 5-star rating (rules.md § Constants and formulas), partially filled to the exact
 * value; `withValue` writes the value beside it ("4.7"), which the stars alone do not tell apart.
 */
export function StarRating({ rating, withValue = false }: { rating: number; withValue?: boolean }) {
  const value = Math.min(5, Math.max(0, rating))
  const label = `Rated ${value.toFixed(1)} out of 5`
  return (
    <span className={styles.rating}>
      <span className={styles.stars} role="img" aria-label={label} title={label}>
        <span aria-hidden="true">{EMPTY}</span>
        <span
          className={styles.filled}
          style={{ width: `${(value / 5) * 100}%` }}
          aria-hidden="true"
        >
          {FILLED}
        </span>
      </span>
      {/* Said by the stars' own name already. */}
      {withValue && (
        <span className={styles.value} aria-hidden="true">
          {value.toFixed(1)}
        </span>
      )}
    </span>
  )
}
