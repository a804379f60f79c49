import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { requestUrl } from './features/catalog/catalog.requests.ts'
import { firstScreens } from './first-screens.ts'
import { recordRequests } from './test/api-server.ts'
import { renderApp } from './test/render-app.tsx'

// The server preloads these requests for a page (server/static/route-hints.ts): one the app did not
// make first would cost the shopper a download instead of saving one.
describe('first screens', () => {
  it('are declared for routes the router has', async () => {
    const { router } = await renderApp('/')
    for (const id of Object.keys(firstScreens)) expect(router.routesById).toHaveProperty([id])
  })

  it.each([
    ['/', '/', {}],
    ['/products', '/products/', {}],
    ['/products/mens-shirts', '/products/$category', { category: 'mens-shirts' }],
    ['/product/7', '/product/$id', { id: '7' }],
  ])('%s asks the API first for what its first screen declares', async (url, id, params) => {
    const requests = recordRequests()
    await renderApp(url)
    const declared = firstScreens[id]?.request(params)
    expect(declared).toBeDefined()
    // The category list's refresh may come at any moment: it is the layout's, not the page's.
    const pages = () => requests.filter((request) => request !== '/api/products/categories')
    await waitFor(() => expect(pages().length).toBeGreaterThan(0))
    expect(pages()[0]).toBe(`/api/${requestUrl(declared ?? { path: '' })}`)
  })
})
