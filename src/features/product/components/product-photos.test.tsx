import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { setViewportWidth } from '../../../test/match-media.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { apiProduct } from '../../../test/shop-fixtures.ts'

/** jsdom has no layout: make the photo grid report a height, and the window its own. */
function stubLayout({ gridHeight, windowHeight }: { gridHeight: number; windowHeight: number }) {
  const scrollHeight = vi
    .spyOn(HTMLElement.prototype, 'scrollHeight', 'get')
    .mockReturnValue(gridHeight)
  const originalHeight = window.innerHeight
  window.innerHeight = windowHeight
  onTestFinished(() => {
    scrollHeight.mockRestore()
    window.innerHeight = originalHeight
  })
}

/** Waits for the product page whose title this is. */
const findTitle = (title: string) => screen.findByRole('heading', { level: 1, name: title })

describe('product photos', () => {
  it('shows every photo in a grid on a wide screen, with Show More when it is cut off', async () => {
    stubLayout({ gridHeight: 5000, windowHeight: 800 })
    const product = await apiProduct(7)
    expect(product.images.length).toBeGreaterThan(1)
    const { user } = await renderApp('/product/7')
    await findTitle(product.title)
    const count = product.images.length
    const photos = screen.getAllByRole('img', { name: /, photo \d+ of \d+$/ })
    expect(photos.map((photo) => photo.getAttribute('alt'))).toEqual(
      product.images.map((_, index) => `${product.title}, photo ${index + 1} of ${count}`),
    )
    expect(document.querySelector('.swiper img[alt*=", photo "]')).toBeNull()

    const more = screen.getByRole('button', { name: 'Show More' })
    expect(more).toHaveAttribute('aria-expanded', 'false')
    const grid = document.getElementById(more.getAttribute('aria-controls') ?? '')
    expect(grid).toContainElement(photos[0] as HTMLElement)
    await user.click(more)
    expect(more).toHaveTextContent('Show Less')
    expect(more).toHaveAttribute('aria-expanded', 'true')
    await user.click(more)
    expect(more).toHaveTextContent('Show More')
    expect(more).toHaveAttribute('aria-expanded', 'false')
  })

  it('has no Show More when the photos fit the window', async () => {
    stubLayout({ gridHeight: 100, windowHeight: 800 })
    const product = await apiProduct(7)
    await renderApp('/product/7')
    await findTitle(product.title)
    expect(screen.getAllByRole('img', { name: /, photo \d+ of \d+$/ })).toHaveLength(
      product.images.length,
    )
    expect(screen.queryByRole('button', { name: /Show (More|Less)/ })).not.toBeInTheDocument()
  })

  it('caps the grid only when it is taller than the window minus 80 px, and re-measures on resize', async () => {
    stubLayout({ gridHeight: 720, windowHeight: 800 })
    const product = await apiProduct(7)
    await renderApp('/product/7')
    await findTitle(product.title)
    expect(screen.queryByRole('button', { name: 'Show More' })).not.toBeInTheDocument()

    window.innerHeight = 799
    fireEvent(window, new Event('resize'))
    expect(await screen.findByRole('button', { name: 'Show More' })).toBeInTheDocument()

    window.innerHeight = 2000
    fireEvent(window, new Event('resize'))
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Show More' })).not.toBeInTheDocument(),
    )
  })

  // The route keys the page by id, so state such as 'Show More' never carries over to the next product.
  it('opens the next product with its grid capped again', async () => {
    stubLayout({ gridHeight: 5000, windowHeight: 800 })
    const product = await apiProduct(7)
    const { user, router } = await renderApp('/product/7')
    await findTitle(product.title)
    await user.click(screen.getByRole('button', { name: 'Show More' }))
    expect(screen.getByRole('button', { name: 'Show Less' })).toBeInTheDocument()

    const related = screen.getByRole('region', { name: 'You Might Also Like' })
    await waitFor(() => expect(within(related).getAllByRole('article')).toHaveLength(3))
    const next = within(related).getAllByRole('link')[0] as HTMLElement
    const nextTitle = next.textContent ?? ''
    await user.click(next)
    await findTitle(nextTitle)
    expect(router.state.location.pathname).toBe(next.getAttribute('href'))
    const toggle = screen.getByRole('button', { name: /^Show (More|Less)$/ })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveTextContent('Show More')
  })

  it('shows the photos as a strip on a narrow screen, which Swiper takes over when reached for', async () => {
    setViewportWidth(390)
    const product = await apiProduct(7)
    expect(product.images.length).toBeGreaterThan(1)
    await renderApp('/product/7')
    await findTitle(product.title)
    const photos = () => screen.getAllByRole('img', { name: /, photo \d+ of \d+$/, hidden: true })
    const dots = () => screen.getAllByRole('button', { name: /^Go to slide \d+$/ })
    // Every photo in a strip that swipes by hand, a dot for each: no Swiper at load.
    expect(photos()).toHaveLength(product.images.length)
    expect(dots()).toHaveLength(product.images.length)
    expect(dots()[0]).toHaveAttribute('aria-current', 'true')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(photos()[0]?.closest('.swiper')).toBeNull()

    // The focus coming to a dot sets Swiper up (that Swiper's own dot then keeps the focus needs
    // real layout: e2e/browse.spec.ts).
    dots()[1]?.focus()
    await waitFor(() => expect(photos()[0]?.closest('.swiper-initialized')).not.toBeNull())
    expect(photos()).toHaveLength(product.images.length)
    expect(screen.queryByRole('button', { name: /Show (More|Less)/ })).not.toBeInTheDocument()
  })

  it('falls back to the placeholder picture when a photo fails', async () => {
    const product = await apiProduct(1)
    await renderApp('/product/1')
    await findTitle(product.title)
    const photo = screen.getByRole<HTMLImageElement>('img', {
      name: `${product.title}, photo 1 of ${product.images.length}`,
    })
    expect(photo.src).not.toMatch(/^data:/)
    photo.dispatchEvent(new Event('error'))
    await waitFor(() => expect(photo.src).toMatch(/^data:image\/svg\+xml,/))
  })
})
