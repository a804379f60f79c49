import { Suspense } from 'react'
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons.tsx'
import { useEnhanceWhenVisible } from '../../../lib/after-paint.ts'
import { lazyExport } from '../../../lib/lazy-export.ts'
import { CATEGORIES } from '../../catalog/index.ts'
import styles from './category-carousel.module.css'
import { CategorySlide } from './category-slide.tsx'
import section from './section.module.css'

// Swiper is loaded in its own chunk after the page is interactive; until then the same slides
// show as a scrollable strip, so nothing waits for it and nothing moves when it arrives.
const CategorySwiper = lazyExport(() => import('./category-swiper.tsx'), 'CategorySwiper')

function CategoryStrip() {
  return (
    <>
      <div className={styles.nav}>
        <button
          type="button"
          className={styles.navButton}
          aria-label="Previous categories"
          disabled
        >
          <ChevronLeftIcon />
        </button>
        <button type="button" className={styles.navButton} aria-label="Next categories" disabled>
          <ChevronRightIcon />
        </button>
      </div>
      <ul className={styles.strip}>
        {CATEGORIES.map((category) => (
          <li key={category.slug}>
            <CategorySlide category={category} />
          </li>
        ))}
      </ul>
    </>
  )
}

/** The home page's carousel of the 20 categories (spec §2.2), each linking to its listing. */
export function CategoryCarousel() {
  const { ref, enhance } = useEnhanceWhenVisible<HTMLDivElement>()
  return (
    <section className={`container ${section.section}`} aria-labelledby="categories-title">
      <h2 id="categories-title" className={section.title}>
        Shop by Category
      </h2>
      <div className={styles.carousel} ref={ref}>
        {enhance ? (
          <Suspense fallback={<CategoryStrip />}>
            <CategorySwiper />
          </Suspense>
        ) : (
          <CategoryStrip />
        )}
      </div>
    </section>
  )
}
