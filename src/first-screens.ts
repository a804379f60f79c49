import {
  PRIORITY_CARDS,
  productPageRequest,
  productRequest,
  type ApiRequest,
} from './features/catalog/catalog.requests.ts'

/**
 * What a page's first screen waits for: the API request its route makes first (for a URL without
 * search params), and the pictures of that answer it paints first (its largest paint). The app's
 * loaders make these same requests; the build writes them into dist/.vite/routes.json, and the
 * server names them in the page's HTML, so the browser fetches them while the app's code loads.
 */
export interface FirstScreen {
  request: (params: Record<string, string>) => ApiRequest
  images?: FirstImages
}

/** The picture URLs in the answer: `answer[list]` (its items' `field`), the first `count`. */
export interface FirstImages {
  list: string
  field?: string
  count: number
}

const cardImages: FirstImages = { list: 'products', field: 'thumbnail', count: PRIORITY_CARDS }

/** By route id (the router's, as in routeTree.gen.ts; a test checks each is one). */
export const firstScreens: Readonly<Record<string, FirstScreen>> = {
  // The best sellers start loading with the page; its largest paint is the hero's text.
  '/': { request: () => productPageRequest(undefined, 0) },
  '/products/': { request: () => productPageRequest(undefined, 0), images: cardImages },
  '/products/$category': {
    request: ({ category }) => productPageRequest(category, 0),
    images: cardImages,
  },
  // The product's first photo is its page's largest paint.
  '/product/$id': {
    request: ({ id = '' }) => productRequest(id),
    images: { list: 'images', count: 1 },
  },
}
