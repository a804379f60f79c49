import { useLocation } from '@tanstack/react-router'
import { useLayoutEffect } from 'react'
import { env } from '../lib/env.ts'
import { canonicalUrl, documentTitle, siteDescription, summary } from '../lib/page-heads.ts'

interface PageHeadProps {
  /** The page's name; none for home. */
  title?: string
  /** Defaults to the site's description; shortened to what a search result shows. */
  description?: string | ((brand: string) => string)
  /** An absolute picture URL for link previews. */
  image?: string
  /** A page about one shopper's session, or an error: search engines skip it. */
  noindex?: boolean
}

// The page the app opened on: the server's structured data (JSON-LD) describes that page only.
let firstPath: string | undefined

/**
 * A page's head as React 19 places it in <head>: title, description, canonical address and the
 * link-preview (Open Graph, Twitter) tags, by the same rules as the server's first HTML
 * (lib/page-heads.ts). The server's own tags go once the app renders its own, and its structured
 * data once the shopper has moved to another page.
 */
export function PageHead({ title, description, image, noindex = false }: PageHeadProps) {
  const pathname = useLocation({ select: (location) => location.pathname })
  useLayoutEffect(() => {
    firstPath ??= pathname
    const stale = pathname === firstPath ? '[data-page-head]' : '[data-page-head],[data-page-ld]'
    for (const element of document.head.querySelectorAll(stale)) element.remove()
  }, [pathname])

  const fullTitle = documentTitle(env.brand, title)
  const text = summary(
    typeof description === 'function'
      ? description(env.brand)
      : (description ?? siteDescription(env.brand)),
  )
  const url = canonicalUrl(location.origin, pathname)
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      <link rel="canonical" href={url} />
      {noindex && <meta name="robots" content="noindex" />}
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={url} />
      {image && <meta property="og:image" content={image} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
    </>
  )
}
