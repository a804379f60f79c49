import { useEnhanceWhenVisible } from '../../../lib/after-paint.ts'
import { WhenLoaded } from '../../../components/on-demand.tsx'
import { lazyComponent } from '../../../lib/lazy-component.ts'
import { useCategories, useCategoryPictures } from '../../../domain/catalogue/use-categories.ts'
import styles from './category-carousel.module.css'
import { CategoryNav, CategorySlide, type CategorySlidesProps } from './category-slide.tsx'
import section from './section.module.css'

// Swiper is loaded in its own chunk after the page is interactive; until then the same slides
// show as a scrollable strip, so nothing waits for it and nothing moves when it arrives.
const CategorySwiper = lazyComponent(() => import('./category-swiper.tsx'), 'CategorySwiper')

function CategoryStrip({ categories, pictures }: CategorySlidesProps) {
  return (
    <>
      <CategoryNav atStart atEnd />
      <ul className={styles.strip}>
        {categories.map((category, index) => (
          <li key={category.slug}>
            <CategorySlide category={category} picture={pictures[index]} />
          </li>
        ))}
      </ul>
    </>
  )
}

/** The home page's carousel of the API's categories (rules.md § Home page, decisions.md § Catalogue API), each linking to its listing. */
export function CategoryCarousel() {
  const { ref, enhance } = useEnhanceWhenVisible<HTMLDivElement>()
  const categories = useCategories()
  const pictures = useCategoryPictures(categories)
  const slides = { categories, pictures }
  return (
    <section className={`container ${section.section}`} aria-labelledby="categories-title">
      <h2 id="categories-title" className={section.title}>
        Shop by Category
      </h2>
      <div className={styles.carousel} ref={ref}>
        <WhenLoaded piece={CategorySwiper} when={enhance} fallback={<CategoryStrip {...slides} />}>
          <CategorySwiper {...slides} />
        </WhenLoaded>
      </div>
    </section>
  )
}
