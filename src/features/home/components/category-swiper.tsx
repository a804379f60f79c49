import type { RefObject } from 'react'
import type { Swiper as SwiperInstance } from 'swiper/types'
import { Carousel, CarouselSlide } from '../../../components/carousel.tsx'
import styles from './category-carousel.module.css'
import {
  CategorySlide,
  type AskedPage,
  type CategorySlidesProps,
  type StripState,
} from './category-slide.tsx'

interface CategorySwiperProps extends CategorySlidesProps {
  /** What the shopper did in the plain strip, which Swiper carries on. */
  from: StripState
  askedPageRef: RefObject<AskedPage>
  /** Swiper, once set up (in React's commit), for the buttons. */
  onReady: (swiper: SwiperInstance) => void
  /** Whether the first and the last slides show, as set up and after each move and resize. */
  onEdges: (edges: { start: boolean; end: boolean }) => void
}

/**
 * The category carousel on Swiper, set up once the shopper reaches for it (category-carousel.tsx).
 * Slides are 90% wide below 400 px and 25% from there (rules.md § Constants and formulas).
 * Keyboard: Tab through the slide links (the focused slide scrolls into view), arrow keys page.
 */
export function CategorySwiper({
  categories,
  pictures,
  from,
  askedPageRef,
  onReady,
  onEdges,
}: CategorySwiperProps) {
  const track = (instance: SwiperInstance) =>
    onEdges({ start: instance.isBeginning, end: instance.isEnd })
  const ready = (instance: SwiperInstance) => {
    // It starts at the strip's slide; the strip's focused link hands the focus to the same
    // slide's link here; a button pressed in the strip pages now.
    if (from.focused !== undefined && document.activeElement === document.body)
      instance.slides[from.focused]?.querySelector('a')?.focus()
    if (askedPageRef.current === 'next') instance.slideNext()
    if (askedPageRef.current === 'previous') instance.slidePrev()
    askedPageRef.current = undefined
    track(instance)
    onReady(instance)
  }
  return (
    <Carousel
      className={styles.swiper}
      slidesPerView={1.11}
      spaceBetween={12}
      breakpoints={{ 400: { slidesPerView: 4, spaceBetween: 16, slidesPerGroup: 4 } }}
      initialSlide={from.slide}
      a11y={{
        enabled: true,
        scrollOnFocus: true,
        containerRole: 'group',
        containerMessage: 'Shop by category',
        slideRole: 'group',
      }}
      onSwiper={ready}
      onSlideChange={track}
      onResize={track}
    >
      {categories.map((category, index) => (
        <CarouselSlide key={category.slug}>
          <CategorySlide category={category} picture={pictures[index]} />
        </CarouselSlide>
      ))}
    </Carousel>
  )
}
