import { startTransition, useRef, useState } from 'react'
import type { Swiper as SwiperInstance } from 'swiper/types'
import { WhenLoaded } from '../../../components/on-demand.tsx'
import { focusedChild, useEnhanceOnReach } from '../../../lib/enhance-on-reach.ts'
import { lazyComponent } from '../../../lib/lazy-component.ts'
import { useCategories, useCategoryPictures } from '../../../domain/catalogue/use-categories.ts'
import styles from './category-carousel.module.css'
import { CategoryNav, CategorySlide, type AskedPage, type StripState } from './category-slide.tsx'
import section from './section.module.css'

// Swiper comes in its own chunk, set up once the shopper reaches for the carousel; until then the
// same slides show as a strip that scrolls by hand.
const CategorySwiper = lazyComponent(() => import('./category-swiper.tsx'), 'CategorySwiper')

/** Where the strip is (its slides are equally wide and spaced), and which of its links has the focus. */
function stripState(strip: HTMLUListElement | null): StripState {
  const slides = [...(strip?.children ?? [])] as HTMLElement[]
  const step = (slides[1]?.offsetLeft ?? 0) - (slides[0]?.offsetLeft ?? 0)
  return {
    slide: strip && step > 0 ? Math.round(strip.scrollLeft / step) : 0,
    focused: focusedChild(strip),
  }
}

/** The home page's carousel of the API's categories (rules.md § Home page, decisions.md § Catalogue API), each linking to its listing. */
export function CategoryCarousel() {
  const categories = useCategories()
  const pictures = useCategoryPictures(categories)
  const slides = { categories, pictures }

  const strip = useRef<HTMLUListElement>(null)
  const [swiper, setSwiper] = useState<SwiperInstance>()
  const [edges, setEdges] = useState({ start: true, end: false })
  // Swiper's code and set-up wait until a pointer comes over the carousel, the keyboard's focus
  // comes into it, or a button is pressed: a shopper who only reads the page, or swipes the strip,
  // does not pay for them. At load they were most of the page's blocking time on a slow phone.
  const askedPageRef = useRef<AskedPage>(undefined)
  const { reached, isReached, reach, reachProps } = useEnhanceOnReach(() =>
    stripState(strip.current),
  )
  // The strip's buttons follow it as it is swiped by hand.
  const onStripScroll = () => {
    const element = strip.current
    if (!element) return
    const start = element.scrollLeft <= 1
    const end = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1
    setEdges((now) => (now.start === start && now.end === end ? now : { start, end }))
  }
  const page = (to: 'previous' | 'next') => {
    if (swiper) {
      if (to === 'next') swiper.slideNext()
      else swiper.slidePrev()
    } else {
      askedPageRef.current = to
      reach()
    }
  }

  return (
    <section className={`container ${section.section}`} aria-labelledby="categories-title">
      <h2 id="categories-title" className={section.title}>
        Shop by Category
      </h2>
      <div className={styles.carousel} {...reachProps}>
        <CategoryNav
          atStart={edges.start}
          atEnd={edges.end}
          onPrevious={() => page('previous')}
          onNext={() => page('next')}
        />
        <WhenLoaded
          piece={CategorySwiper}
          when={isReached}
          fallback={
            <ul ref={strip} className={styles.strip} onScroll={onStripScroll}>
              {categories.map((category, index) => (
                <li key={category.slug}>
                  <CategorySlide category={category} picture={pictures[index]} />
                </li>
              ))}
            </ul>
          }
        >
          <CategorySwiper
            {...slides}
            from={reached ?? { slide: 0 }}
            askedPageRef={askedPageRef}
            // Swiper calls this as it mounts, in React's commit: a transition keeps the render it
            // asks for out of that task.
            onReady={(instance) => startTransition(() => setSwiper(instance))}
            onEdges={setEdges}
          />
        </WhenLoaded>
      </div>
    </section>
  )
}
