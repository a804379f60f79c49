import { A11y, Keyboard } from 'swiper/modules'
import { Swiper, SwiperSlide, type SwiperProps } from 'swiper/react'
import 'swiper/css'
import styles from './carousel.module.css'

/**
 * Every carousel of the storefront: Swiper with keyboard paging (while in view) and its
 * accessibility module, in a box that takes its width from its container (carousel.module.css).
 * Pass more modules in `modules`; import this module with `import()`, as Swiper is large.
 */
export function Carousel({ className, modules = [], ...props }: SwiperProps) {
  return (
    <Swiper
      className={className ? `${styles.carousel} ${className}` : styles.carousel}
      modules={[A11y, Keyboard, ...modules]}
      keyboard={{ enabled: true, onlyInViewport: true }}
      {...props}
    />
  )
}

// Swiper recognises its slides by component: this is Swiper's own slide under the carousel's name.
export const CarouselSlide = SwiperSlide
