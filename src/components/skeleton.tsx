import type { CSSProperties } from 'react'
import styles from './skeleton.module.css'

/** A placeholder block shown while content loads; sized by the caller so nothing shifts when it arrives. */
export function Skeleton({
  width = '100%',
  height = '1em',
  style,
}: {
  width?: string | number
  height?: string | number
  style?: CSSProperties
}) {
  return <span className={styles.skeleton} style={{ width, height, ...style }} aria-hidden="true" />
}
