import { useId, useLayoutEffect, useRef, useState } from 'react'
import type { Swiper as SwiperInstance } from 'swiper/types'
import { Button } from '../../../components/button.tsx'
import { ImageWithFallback } from '../../../components/image-with-fallback.tsx'
import { WhenLoaded } from '../../../components/on-demand.tsx'
import { focusedChild, useEnhanceOnReach } from '../../../lib/enhance-on-reach.ts'
import { lazyComponent } from '../../../lib/lazy-component.ts'
import { DESKTOP_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts'
import { photoAlt } from './photo-alt.ts'
import { ProductPhoto } from './product-photo.tsx'
import styles from './product-gallery.module.css'

// Swiper comes in its own chunk, set up once the shopper reaches for the photos (see NarrowGallery).
const ImageCarousel = lazyComponent(() => import('./image-carousel.tsx'), 'ImageCarousel')

/**
 * The product's photos (rules.md § Product page): a carousel on small screens, a grid on wide ones. The grid is
 * capped at the window's height minus 80 px; 'Show More' / 'Show Less' appear when that cuts it.
 */
export function ProductGallery({ images, title }: { images: readonly string[]; title: string }) {
  const wide = useMediaQuery(DESKTOP_QUERY)
  return wide ? (
    <ImageGrid images={images} title={title} />
  ) : (
    <NarrowGallery images={images} title={title} />
  )
}

/**
 * The photos on a small screen: in the server's HTML, a strip that swipes by hand (with or before
 * the app) with a dot per photo, the first photo the page's largest paint. Swiper's code and
 * set-up wait until a pointer comes over the photos or the focus comes into them: at load they
 * were most of a slow phone's blocking time on this page (docs/performance.md). It starts at the
 * strip's photo, and a focused dot keeps the focus.
 */
function NarrowGallery({ images, title }: { images: readonly string[]; title: string }) {
  const strip = useRef<HTMLUListElement>(null)
  const dots = useRef<HTMLDivElement>(null)
  const [shown, setShown] = useState(0)
  const { reached, isReached, reachProps } = useEnhanceOnReach(() => ({
    slide: shown,
    focusedDot: focusedChild(dots.current),
  }))
  const onStripScroll = () => {
    const element = strip.current
    if (element && element.clientWidth > 0)
      setShown(Math.round(element.scrollLeft / element.clientWidth))
  }
  const onReady = (swiper: SwiperInstance) => {
    const dot = reached?.focusedDot
    if (dot !== undefined && document.activeElement === document.body)
      swiper.pagination.bullets[dot]?.focus()
  }
  const plain = (
    <>
      {/* Focusable, so the keyboard can scroll it: its photos are not (axe's scrollable-region-focusable). */}
      <ul
        ref={strip}
        className={styles.strip}
        onScroll={onStripScroll}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroller must take focus
        tabIndex={0}
        aria-label={`Photos of ${title}`}
      >
        {images.map((src, index) => (
          <li key={src}>
            <ProductPhoto src={src} title={title} index={index} count={images.length} />
          </li>
        ))}
      </ul>
      {images.length > 1 && (
        // Without JavaScript the dots cannot move the strip: hidden (`needs-script`, document.tsx).
        <div ref={dots} className={`${styles.dots} needs-script`}>
          {images.map((src, index) => (
            <button
              key={src}
              type="button"
              className={styles.dot}
              aria-label={`Go to slide ${index + 1}`}
              aria-current={index === shown || undefined}
              onClick={() => {
                const element = strip.current
                element?.scrollTo({ left: index * element.clientWidth, behavior: 'smooth' })
              }}
            />
          ))}
        </div>
      )}
    </>
  )
  return (
    <div {...reachProps}>
      <WhenLoaded piece={ImageCarousel} when={isReached} fallback={plain}>
        <ImageCarousel
          images={images}
          title={title}
          initialSlide={reached?.slide ?? 0}
          onReady={onReady}
        />
      </WhenLoaded>
    </div>
  )
}

function ImageGrid({ images, title }: { images: readonly string[]; title: string }) {
  const grid = useRef<HTMLDivElement>(null)
  const gridId = useId()
  const [expanded, setExpanded] = useState(false)
  const [overflows, setOverflows] = useState(false)

  useLayoutEffect(() => {
    const element = grid.current
    if (!element) return
    const measure = () => setOverflows(element.scrollHeight > window.innerHeight - 80)
    measure()
    window.addEventListener('resize', measure)
    element.addEventListener('load', measure, true)
    return () => {
      window.removeEventListener('resize', measure)
      element.removeEventListener('load', measure, true)
    }
  }, [images])

  return (
    <div>
      <div
        ref={grid}
        id={gridId}
        className={[styles.grid, images.length === 1 && styles.single, !expanded && styles.capped]
          .filter(Boolean)
          .join(' ')}
      >
        {images.map((src, index) => (
          <ImageWithFallback
            key={src}
            className={styles.image}
            src={src}
            alt={photoAlt(title, index, images.length)}
            width={600}
            height={600}
            loading={index < 2 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'auto'}
          />
        ))}
      </div>
      {(overflows || expanded) && (
        <div className={styles.toggle}>
          <Button
            variant="secondary"
            aria-expanded={expanded}
            aria-controls={gridId}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? 'Show Less' : 'Show More'}
          </Button>
        </div>
      )}
    </div>
  )
}
