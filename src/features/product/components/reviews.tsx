import { useId, useState } from 'react'
import { StarRating } from '../../../components/star-rating.tsx'
import type { Review } from '../../../domain/catalogue/catalogue.schemas.ts'
import { formatDate } from '../../../lib/format.ts'
import styles from './reviews.module.css'

const SORTS = {
  newest: { label: 'Newest', compare: (a: Review, b: Review) => time(b) - time(a) },
  highest: { label: 'Highest rated', compare: (a: Review, b: Review) => b.rating - a.rating },
  lowest: { label: 'Lowest rated', compare: (a: Review, b: Review) => a.rating - b.rating },
} as const
type Sort = keyof typeof SORTS

const time = (review: Review) => (review.date ? Date.parse(review.date) || 0 : 0)

// In UTC, so the server's date and the browser's are the same day.

/** How many reviews gave each number of stars, 5 down to 1 (a review's stars rounded). */
export function starCounts(reviews: readonly Review[]): { stars: number; count: number }[] {
  return [5, 4, 3, 2, 1].map((stars) => ({
    stars,
    count: reviews.filter((review) => Math.min(5, Math.max(1, Math.round(review.rating))) === stars)
      .length,
  }))
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`

/**
 * The product's reviews (rules.md § Product page): the rating and how many reviews, how their stars spread from 5
 * to 1 (bars, each with its words for screen readers and in the text), and each review with its
 * reviewer, date, stars and words, newest first or by rating.
 */
export function Reviews({ rating, reviews }: { rating: number; reviews: readonly Review[] }) {
  const sortId = useId()
  const [sort, setSort] = useState<Sort>('newest')
  if (reviews.length === 0) return <p className={styles.none}>No reviews yet.</p>
  // Each keeps its place in the data as its key: a reviewer may write twice on the same day.
  const sorted = reviews
    .map((review, key) => ({ review, key }))
    .sort((a, b) => SORTS[sort].compare(a.review, b.review))
  return (
    <div className={styles.reviews}>
      <div className={styles.summary}>
        <p className={styles.average}>
          <span className={styles.value}>{rating.toFixed(1)}</span> out of 5
        </p>
        <StarRating rating={rating} />
        <p className={styles.count}>{plural(reviews.length, 'review')}</p>
        <ul className={styles.spread} aria-label="Reviews by stars">
          {starCounts(reviews).map(({ stars, count }) => (
            <li key={stars} className={styles.row}>
              <span>{plural(stars, 'star')}</span>
              <span className={styles.bar} aria-hidden="true">
                <span style={{ width: `${(count / reviews.length) * 100}%` }} />
              </span>
              <span className={styles.rowCount}>
                {count}
                <span className="visually-hidden"> {count === 1 ? 'review' : 'reviews'}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <div className={styles.sort}>
          <label htmlFor={sortId}>Sort reviews</label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => setSort(event.target.value as Sort)}
          >
            {Object.entries(SORTS).map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <ol className={styles.list} aria-label="Reviews">
          {sorted.map(({ review, key }, index) => (
            <li key={key} className={styles.review}>
              <article aria-labelledby={`${sortId}-${index}`}>
                <h3 id={`${sortId}-${index}`} className={styles.reviewer}>
                  {review.reviewerName ?? 'A shopper'}
                </h3>
                <div className={styles.meta}>
                  <StarRating rating={review.rating} />
                  {review.date && time(review) > 0 && (
                    <time dateTime={review.date}>
                      {formatDate(new Date(time(review)), { utc: true })}
                    </time>
                  )}
                </div>
                {review.comment && <p className={styles.comment}>{review.comment}</p>}
              </article>
            </li>
          ))}
        </ol>
      </div>
    </div>
  )
}
