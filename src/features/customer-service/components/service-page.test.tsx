import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../test/render-app.tsx'

const PAGES = [
  ['warranty', '5-Year Warranty'],
  ['shop-gifts', 'Free Gift Boxing'],
  ['returns', 'Free Shipping & Returns'],
  ['monogram', 'Make it Yours'],
] as const

describe('customer-service pages (rules.md § Routes and pages)', () => {
  it.each(PAGES)('/customer-service/%s shows %s with its sections', async (type, title) => {
    await renderApp(`/customer-service/${type}`)
    const main = screen.getByRole('main')
    expect(await within(main).findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(within(main).getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0)
    const breadcrumb = within(main).getByRole('navigation', { name: 'Breadcrumb' })
    expect(
      within(breadcrumb)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      [title, `/customer-service/${type}`],
    ])
    await waitFor(() => expect(document.title).toBe(`${title} | Meridian`))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it("shows 'Loading...' when navigating to a page, then the content", async () => {
    const { router } = await renderApp('/')
    const navigation = router.navigate({
      to: '/customer-service/$serviceType',
      params: { serviceType: 'monogram' },
    })
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Loading...'))
    await navigation
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Make it Yours' }),
    ).toBeInTheDocument()
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument()
  })

  it.each(['/customer-service/teleport', '/customer-service/..%2Fx', '/customer-service/toString'])(
    'shows the not-found page for %s',
    async (path) => {
      await renderApp(path)
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
      ).toBeInTheDocument()
      await waitFor(() => expect(document.title).toBe('Page not found | Meridian'))
    },
  )

  it("opens from the home page's 'Free Gift Boxing' tile", async () => {
    const { user, router } = await renderApp('/')
    const tiles = screen.getByRole('region', { name: 'Customer Service' })
    await user.click(within(tiles).getByRole('link', { name: 'Free Gift Boxing' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Free Gift Boxing' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/customer-service/shop-gifts')
    expect(
      screen.getByRole('heading', { level: 2, name: 'Sending to someone else' }),
    ).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Free Gift Boxing | Meridian'))
  })
})
