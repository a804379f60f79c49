import type { Swiper as SwiperInstance } from 'swiper/types'
import { Carousel, CarouselSlide } from '../../../components/carousel.tsx'
import styles from './category-carousel.module.css'
import { CategorySlide, type CategorySlidesProps } from './category-slide.tsx'

interface CategorySwiperProps extends CategorySlidesProps {
  /** The slide the plain strip had scrolled to: Swiper starts there, so nothing moves. */
  initialSlide: number
  /** Swiper, once set up (in React's commit), for the buttons and the focus the strip had. */
  onReady: (swiper: SwiperInstance) => void
  /** Whether the first and the last slides show, after each move and resize. */
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
  initialSlide,
  onReady,
  onEdges,
}: CategorySwiperProps) {
  const track = (instance: SwiperInstance) =>
    onEdges({ start: instance.isBeginning, end: instance.isEnd })
  return (
    <Carousel
      className={styles.swiper}
      slidesPerView={1.11}
      spaceBetween={12}
      breakpoints={{ 400: { slidesPerView: 4, spaceBetween: 16, slidesPerGroup: 4 } }}
      initialSlide={initialSlide}
      a11y={{
        enabled: true,
        scrollOnFocus: true,
        containerMessage: 'Shop by category',
        slideRole: 'group',
      }}
      onSwiper={onReady}
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
