import { Pagination } from 'swiper/modules'
import 'swiper/css/pagination'
import type { Swiper as SwiperInstance } from 'swiper/types'
import { Carousel, CarouselSlide } from '../../../components/carousel.tsx'
import { ProductPhoto } from './product-photo.tsx'
import styles from './product-gallery.module.css'

interface ImageCarouselProps {
  images: readonly string[]
  title: string
  /** The photo the plain strip showed: Swiper starts there. */
  initialSlide: number
  /** Swiper, once set up (in React's commit). */
  onReady: (swiper: SwiperInstance) => void
}

/** The product's photos as a swipeable carousel (small screens), set up by product-gallery.tsx. */
export function ImageCarousel({ images, title, initialSlide, onReady }: ImageCarouselProps) {
  return (
    <Carousel
      className={styles.carousel}
      modules={[Pagination]}
      slidesPerView={1}
      initialSlide={initialSlide}
      onSwiper={onReady}
      pagination={{ clickable: true }}
      a11y={{ enabled: true, containerRole: 'group', containerMessage: `Photos of ${title}` }}
    >
      {images.map((src, index) => (
        <CarouselSlide key={src}>
          <ProductPhoto src={src} title={title} index={index} count={images.length} />
        </CarouselSlide>
      ))}
    </Carousel>
  )
}
