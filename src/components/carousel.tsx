import { A11y, Keyboard } from 'swiper/modules'
import { Swiper, SwiperSlide, type SwiperProps } from 'swiper/react'
import type { Swiper as SwiperInstance } from 'swiper/types'
import 'swiper/css'
import styles from './carousel.module.css'

/**
 * Every carousel of the storefront: Swiper with keyboard paging (while in view) and its
 * accessibility module, in a box that takes its width from its container (carousel.module.css).
 * Pass more modules in `modules`; import this module with `import()`, as Swiper is large.
 */
export function Carousel({ className, modules = [], onSwiper, ...props }: SwiperProps) {
  return (
    <Swiper
      className={className ? `${styles.carousel} ${className}` : styles.carousel}
      modules={[A11y, Keyboard, ...modules]}
      keyboard={{ enabled: true, onlyInViewport: true }}
      onSwiper={(instance) => {
        showFocusedSlideAtFirst(instance)
        onSwiper?.(instance)
      }}
      {...props}
    />
  )
}

// Swiper recognises its slides by component: this is Swiper's own slide under the carousel's name.
export const CarouselSlide = SwiperSlide

/** How long after it starts Swiper's accessibility module overlooks the focus (100 ms), and more. */
const FOCUS_OVERLOOKED_MS = 150

/**
 * Swiper's accessibility module brings a slide the keyboard focuses into view, but not in its
 * first 100 ms, which it takes for the tab coming back into view. A quick Tab just after a
 * carousel took over from the plain strip (`enhance-on-reach.ts`: the focus coming in sets it up)
 * landed there, on a slide out of view. For those first moments the carousel does it itself.
 */
function showFocusedSlideAtFirst(instance: SwiperInstance) {
  // The element itself: a carousel destroyed meanwhile (its page left) no longer has `el`.
  const carousel = instance.el
  const onFocus = (event: FocusEvent) => {
    if (instance.destroyed) return
    const slide = event.target instanceof Element ? event.target.closest('.swiper-slide') : null
    const index = slide ? instance.slides.indexOf(slide as HTMLElement) : -1
    if (!slide || index < 0) return
    const box = carousel.getBoundingClientRect()
    const { left, right } = slide.getBoundingClientRect()
    if (left < box.left || right > box.right) instance.slideTo(index, 0)
  }
  carousel.addEventListener('focusin', onFocus)
  setTimeout(() => carousel.removeEventListener('focusin', onFocus), FOCUS_OVERLOOKED_MS)
}
