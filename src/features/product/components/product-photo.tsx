import { ImageWithFallback } from '../../../components/image-with-fallback.tsx'
import { photoAlt } from './photo-alt.ts'
import styles from './product-gallery.module.css'

interface ProductPhotoProps {
  src: string
  title: string
  index: number
  count: number
}

/** One of a product's photos in a row of them (the strip, the carousel): the first one at once. */
export function ProductPhoto({ src, title, index, count }: ProductPhotoProps) {
  return (
    <ImageWithFallback
      className={styles.image}
      src={src}
      alt={photoAlt(title, index, count)}
      width={600}
      height={600}
      loading={index === 0 ? 'eager' : 'lazy'}
      fetchPriority={index === 0 ? 'high' : 'auto'}
    />
  )
}
