import { Carousel, CarouselSlide } from '../../../components/carousel.tsx'
import type { Perk } from './perks-data.ts'
import styles from './perks-carousel.module.css'

/**
 * rules.md § Constants and formulas: the centre slide takes 60% of the width below 450 px, 50% up to 550, 40% up to 750 and
 * 25% above (all four in view); swiping is on below 750 px.
 */
export const PERK_BREAKPOINTS = {
  0: { slidesPerView: 1 / 0.6, allowTouchMove: true },
  450: { slidesPerView: 1 / 0.5, allowTouchMove: true },
  551: { slidesPerView: 1 / 0.4, allowTouchMove: true },
  751: { slidesPerView: 1 / 0.25, allowTouchMove: false },
}

export function PerksCarousel({ perks }: { perks: readonly Perk[] }) {
  return (
    <Carousel
      className={styles.swiper}
      centeredSlides
      centeredSlidesBounds
      spaceBetween={16}
      breakpoints={PERK_BREAKPOINTS}
      a11y={{
        enabled: true,
        containerRole: 'group',
        containerMessage: 'Included with this purchase',
        slideRole: 'group',
      }}
    >
      {perks.map(({ title, text, Icon }) => (
        <CarouselSlide key={title}>
          <div className={styles.perk}>
            <Icon width={32} height={32} />
            <h3>{title}</h3>
            <p>{text}</p>
          </div>
        </CarouselSlide>
      ))}
    </Carousel>
  )
}
