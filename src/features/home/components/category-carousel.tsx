import { startTransition, useRef, useState, type FocusEvent } from 'react'
import type { Swiper as SwiperInstance } from 'swiper/types'
import { WhenLoaded } from '../../../components/on-demand.tsx'
import { useEnhanceOnReach } from '../../../lib/enhance-on-reach.ts'
import { lazyComponent } from '../../../lib/lazy-component.ts'
import { useCategories, useCategoryPictures } from '../../../domain/catalogue/use-categories.ts'
import styles from './category-carousel.module.css'
import { CategoryNav, CategorySlide } from './category-slide.tsx'
import section from './section.module.css'

// Swiper comes in its own chunk, set up once the shopper reaches for the carousel; until then the
// same slides show as a strip that scrolls by hand and pages with the buttons.
const CategorySwiper = lazyComponent(() => import('./category-swiper.tsx'), 'CategorySwiper')

type Edges = { start: boolean; end: boolean }
type Page = 'previous' | 'next'

/** The strip's slide at its left edge (its slides are equally wide and spaced). */
function stripSlide(strip: HTMLElement | null): number {
  const [first, second] = strip?.children ?? []
  const step =
    first && second ? (second as HTMLElement).offsetLeft - (first as HTMLElement).offsetLeft : 0
  return strip && step > 0 ? Math.round(strip.scrollLeft / step) : 0
}

/** The home page's carousel of the API's categories (rules.md § Home page, decisions.md § Catalogue API), each linking to its listing. */
export function CategoryCarousel() {
  const categories = useCategories()
  const pictures = useCategoryPictures(categories)
  const slides = { categories, pictures }

  const strip = useRef<HTMLUListElement>(null)
  const [swiper, setSwiper] = useState<SwiperInstance>()
  const [edges, setEdges] = useState<Edges>({ start: true, end: false })
  // Swiper's code and set-up wait until a pointer comes over the carousel, the focus comes into it,
  // or a button is pressed: a shopper who only reads the page, or swipes the strip, does not pay
  // for them. At load they were most of the page's blocking time on a slow phone (Lighthouse).
  const { reached, isReached, reach, reachProps } = useEnhanceOnReach(() =>
    stripSlide(strip.current),
  )
  // What the shopper did in the strip, carried over to Swiper: a page asked for, a slide focused.
  const carried = useRef<{ page?: Page; focused?: number }>({})

  const page = (to: Page) => {
    if (swiper) {
      if (to === 'next') swiper.slideNext()
      else swiper.slidePrev()
    } else {
      carried.current.page = to
      reach()
    }
  }
  const onReady = (instance: SwiperInstance) => {
    const { page: asked, focused } = carried.current
    carried.current = {}
    // The strip's link had the focus: the same slide's link in Swiper takes it.
    if (focused !== undefined && document.activeElement === document.body)
      instance.slides[focused]?.querySelector('a')?.focus()
    if (asked === 'next') instance.slideNext()
    else if (asked === 'previous') instance.slidePrev()
    // In React's commit: a transition keeps the render it asks for out of that task.
    startTransition(() => {
      setSwiper(instance)
      setEdges({ start: instance.isBeginning, end: instance.isEnd })
    })
  }
  const onStripFocus = (event: FocusEvent<HTMLUListElement>) => {
    const item = event.target.closest('li')
    if (item) carried.current.focused = [...event.currentTarget.children].indexOf(item)
  }
  const onStripScroll = () => {
    const element = strip.current
    if (!element) return
    const start = element.scrollLeft <= 1
    const end = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1
    setEdges((now) => (now.start === start && now.end === end ? now : { start, end }))
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
            <ul
              ref={strip}
              className={styles.strip}
              onFocus={onStripFocus}
              onScroll={onStripScroll}
            >
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
            initialSlide={reached ?? 0}
            onReady={onReady}
            onEdges={setEdges}
          />
        </WhenLoaded>
      </div>
    </section>
  )
}
