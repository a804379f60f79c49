import { QueryClientContext, type QueryClient } from '@tanstack/react-query'
import { useContext } from 'react'
import { http } from './api-client.ts'
import { env } from './env.ts'
import { INLINE_IMAGE } from './query-client.ts'

/**
 * The first screen's main pictures in the server's HTML, as `data:` URLs: the bundled API draws
 * its product pictures as small SVGs (under 1 KB compressed), so a picture that would cost a
 * request of its own after the HTML (on a slow connection, most of a second) paints with the
 * page. They travel in the query cache, which the page carries to the browser: the app's first
 * render shows the same URL as the server's HTML (no hydration mismatch) and never downloads them
 * again. Another API's pictures (DummyJSON's CDN photos) stay links.
 */

const inlineImageKey = (src: string) => [INLINE_IMAGE, src] as const

/** Larger drawings stay links: the HTML is not to grow by more than a picture's worth. */
const MAX_CHARS = 6_000

/** Server only (a render's loader): keeps each of `sources` the API draws as a `data:` URL. */
export async function inlineImages(
  queryClient: QueryClient,
  sources: readonly (string | undefined)[],
): Promise<void> {
  if (!import.meta.env.SSR || !env.bundledApi) return
  await Promise.all(
    sources.map(async (src) => {
      if (!src || !new URL(src, 'http://localhost/').pathname.startsWith('/api/images/')) return
      try {
        // The app's one client, with its deadline; `src` is a whole URL, not under its prefix.
        const client = await http()
        const response = await client.get(src, { prefixUrl: '' })
        if (!response.headers.get('Content-Type')?.startsWith('image/svg+xml')) return
        const svg = await response.text()
        if (svg.length > MAX_CHARS) return
        queryClient.setQueryData(
          inlineImageKey(src),
          `data:image/svg+xml,${encodeURIComponent(svg)}`,
        )
      } catch {
        // A picture that cannot be drawn now is a link, as on any other page.
      }
    }),
  )
}

/** The picture at `src`, in the page itself when the server put it there. */
export function useInlineImage(src: string): string {
  const queryClient = useContext(QueryClientContext)
  return queryClient?.getQueryData<string>(inlineImageKey(src)) ?? src
}
