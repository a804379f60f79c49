import type { ReactNode } from 'react'
import { useHydrated } from '../lib/hydrated.tsx'
import { Skeleton } from './skeleton.tsx'

interface PersonalPageProps {
  className?: string
  /** The page's name, in the server's HTML: the first paint says which page this is. */
  heading: string
  /** A count the heading shows beside the name once it is known, e.g. the cart's items. */
  count?: number
  /** The shopper's own (their cart, their orders…): rendered once the app has taken the page over. */
  children: ReactNode
}

/**
 * A page of the shopper's own (decisions.md § Server rendering). The server sends one HTML for
 * everyone, so it renders the page's heading and a loading state in place of what is the
 * shopper's; the app renders that part once it has taken the page over (lib/hydrated.tsx), in a
 * transition, as slices a tap can interrupt. The heading is the same element before and after, so
 * the page's first paint is already its largest.
 */
export function PersonalPage({ className, heading, count, children }: PersonalPageProps) {
  const hydrated = useHydrated()
  return (
    <div className={className ? `container ${className}` : 'container'}>
      <h1>
        {heading}
        {hydrated && count !== undefined && ` (${count})`}
      </h1>
      {hydrated ? (
        children
      ) : (
        // A status, so its name is allowed and read (a plain div may not carry a label).
        <div role="status" aria-busy="true" aria-label="Loading">
          <noscript>
            <p>This page shows what your browser keeps for you: it needs JavaScript.</p>
          </noscript>
          <Skeleton height="12rem" />
        </div>
      )}
    </div>
  )
}
