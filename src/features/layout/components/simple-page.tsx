import type { ReactNode } from 'react'
import { pageTitle } from '../../../lib/page-title.ts'

/** A page with a title and heading; the base that fuller pages grow from. */
export function SimplePage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="container" style={{ paddingBlock: '2rem' }}>
      <title>{pageTitle(title)}</title>
      <h1>{title}</h1>
      {children}
    </div>
  )
}
