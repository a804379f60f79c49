import { startTransition, useState } from 'react'
import type { Swiper as SwiperInstance } from 'swiper/types'
import { Carousel, CarouselSlide } from '../../../components/carousel.tsx'
import styles from './category-carousel.module.css'
import { CategoryNav, CategorySlide, type CategorySlidesProps } from './category-slide.tsx'

/**
 * The category carousel on Swiper (loaded after first paint, see category-carousel.tsx).
 * Slides are 90% wide below 400 px and 25% from there (rules.md § Constants and formulas). Keyboard: Tab through the slide
 * links (the focused slide scrolls into view), arrow keys page, and the two buttons page too.
 */
export function CategorySwiper({ categories, pictures }: CategorySlidesProps) {
  const [swiper, setSwiper] = useState<SwiperInstance>()
  const [edges, setEdges] = useState({ start: true, end: false })
  const track = (instance: SwiperInstance) =>
    setEdges({ start: instance.isBeginning, end: instance.isEnd })

  return (
    <>
      <CategoryNav
        atStart={edges.start}
        atEnd={edges.end}
        onPrevious={() => swiper?.slidePrev()}
        onNext={() => swiper?.slideNext()}
      />
      <Carousel
        className={styles.swiper}
        slidesPerView={1.11}
        spaceBetween={12}
        breakpoints={{ 400: { slidesPerView: 4, spaceBetween: 16, slidesPerGroup: 4 } }}
        a11y={{
          enabled: true,
          scrollOnFocus: true,
          containerMessage: 'Shop by category',
          slideRole: 'group',
        }}
        // Swiper calls this as it mounts, in React's commit: a transition keeps the render it asks
        // for out of that task.
        onSwiper={(instance) =>
          startTransition(() => {
            setSwiper(instance)
            track(instance)
          })
        }
        onSlideChange={track}
        onResize={track}
      >
        {categories.map((category, index) => (
          <CarouselSlide key={category.slug}>
            <CategorySlide category={category} picture={pictures[index]} />
          </CarouselSlide>
        ))}
      </Carousel>
    </>
  )
}
