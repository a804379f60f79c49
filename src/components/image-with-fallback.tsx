import { useState, type ImgHTMLAttributes } from 'react'
import { useInlineImage } from '../lib/inline-images.ts'

// A neutral picture-frame drawing, embedded so it shows even when the network is gone (rules.md § Error messages).
const PLACEHOLDER_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300"><rect width="300" height="300" fill="#ebe7df"/>' +
      '<path d="M95 105h110v90H95z" fill="none" stroke="#8a857a" stroke-width="8"/>' +
      '<path d="m105 185 35-40 25 28 15-16 25 28z" fill="#8a857a"/><circle cx="178" cy="128" r="11" fill="#8a857a"/></svg>',
  )

interface ImageProps extends ImgHTMLAttributes<HTMLImageElement> {
  /** The picture; the placeholder while there is none yet. */
  src: string | undefined
  alt: string
  width: number
  height: number
}

/**
 * An image with explicit dimensions (no layout shift) that swaps to the placeholder if it fails;
 * in the page itself when the server put it there (lib/inline-images.ts).
 */
export function ImageWithFallback({ src = PLACEHOLDER_IMAGE, alt, ...props }: ImageProps) {
  const [failedSrc, setFailedSrc] = useState<string>()
  const shown = useInlineImage(src)
  const broken = failedSrc === src
  return (
    <img
      {...props}
      src={broken ? PLACEHOLDER_IMAGE : shown}
      alt={alt}
      onError={() => setFailedSrc(src)}
      data-fallback={broken || undefined}
    />
  )
}
