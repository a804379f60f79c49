import { useId, useLayoutEffect, useRef, useState } from 'react'
import { Button } from '../../../components/button.tsx'
import { ImageWithFallback } from '../../../components/image-with-fallback.tsx'
import { useEnhanceWhenVisible } from '../../../lib/after-paint.ts'
import { WhenLoaded } from '../../../components/on-demand.tsx'
import { lazyComponent } from '../../../lib/lazy-component.ts'
import { DESKTOP_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts'
import { photoAlt } from './photo-alt.ts'
import styles from './product-gallery.module.css'

// Swiper arrives in its own chunk (see NarrowGallery).
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
 * The first photo, plainly, as the page's largest paint; Swiper (its own chunk) takes over once
 * the page is idle, so loading and laying out the carousel does not hold up the first screen.
 */
function NarrowGallery({ images, title }: { images: readonly string[]; title: string }) {
  const { ref, enhance } = useEnhanceWhenVisible<HTMLDivElement>()
  // One photo has no dots (Swiper hides them), so no room is kept for them.
  const firstPhoto = (
    <ImageWithFallback
      className={images.length > 1 ? `${styles.image} ${styles.dotsRoom}` : styles.image}
      src={images[0] ?? ''}
      alt={photoAlt(title, 0, images.length)}
      width={600}
      height={600}
      fetchPriority="high"
    />
  )
  return (
    <div ref={ref}>
      <WhenLoaded piece={ImageCarousel} when={enhance} fallback={firstPhoto}>
        <ImageCarousel images={images} title={title} />
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
