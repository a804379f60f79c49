import { Link } from '@tanstack/react-router'
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons.tsx'
import { ImageWithFallback } from '../../../components/image-with-fallback.tsx'
import type { Category } from '../../../domain/catalogue/categories.ts'
import styles from './category-carousel.module.css'

/** Where the plain strip was when the shopper reached for the carousel (category-carousel.tsx). */
export interface StripState {
  /** The slide at its left edge. */
  slide: number
  /** The slide whose link has the focus. */
  focused?: number
}

/** A page asked for with a button before Swiper was there, which Swiper turns once set up. */
export type AskedPage = 'previous' | 'next' | undefined

/** The carousel's slides: the categories, and the picture of each (same order). */
export interface CategorySlidesProps {
  categories: readonly Category[]
  pictures: readonly (string | undefined)[]
}

interface CategorySlideProps {
  category: Category
  /** The category's picture, or a product's; the embedded placeholder until one is known. */
  picture: string | undefined
}

export function CategorySlide({ category, picture }: CategorySlideProps) {
  return (
    <Link to="/products/$category" params={{ category: category.slug }} className={styles.slide}>
      <ImageWithFallback
        className={styles.image}
        src={picture}
        alt=""
        width={160}
        height={160}
        loading="lazy"
        decoding="async"
      />
      {category.name}
    </Link>
  )
}

interface CategoryNavProps {
  atStart: boolean
  atEnd: boolean
  onPrevious: () => void
  onNext: () => void
}

/** The carousel's 'Previous' and 'Next' buttons, one page of categories at a time. */
export function CategoryNav({ atStart, atEnd, onPrevious, onNext }: CategoryNavProps) {
  return (
    <div className={styles.nav}>
      <button
        type="button"
        className={styles.navButton}
        aria-label="Previous categories"
        disabled={atStart}
        onClick={onPrevious}
      >
        <ChevronLeftIcon />
      </button>
      <button
        type="button"
        className={styles.navButton}
        aria-label="Next categories"
        disabled={atEnd}
        onClick={onNext}
      >
        <ChevronRightIcon />
      </button>
    </div>
  )
}
