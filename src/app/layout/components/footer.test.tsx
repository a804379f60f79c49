import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setViewportWidth } from '../../../test/match-media.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { seedSession } from '../../../test/session.ts'
import { FOOTER_SECTIONS } from './footer-links.ts'

const footer = () => screen.getByRole('contentinfo')
// The footer's code loads once the page has painted and its end is near the screen.
const footerLoaded = () => screen.findByRole('contentinfo')

describe('footer', () => {
  it('shows the store address, the copyright line and safe social links', async () => {
    await renderApp('/')
    await footerLoaded()
    expect(within(footer()).getByText(/4400 Ashford Dunwoody Rd/)).toBeInTheDocument()
    expect(within(footer()).getByText('© 2022 Meridian')).toBeInTheDocument()
    const social = within(within(footer()).getByRole('list', { name: 'Follow us' })).getAllByRole(
      'link',
    )
    expect(social).toHaveLength(4)
    for (const link of social) {
      expect(link).toHaveAttribute('target', '_blank')
      expect(link).toHaveAttribute('rel', 'noopener noreferrer')
      expect(link.getAttribute('href')).toMatch(/^https:\/\//)
      expect(link).toHaveAccessibleName(/opens in a new tab/)
    }
  })

  it('shows the three link lists open on wide screens', async () => {
    setViewportWidth(1280)
    await renderApp('/')
    await footerLoaded()
    for (const title of ['Customer Service', 'My Account', 'About Meridian']) {
      expect(within(footer()).getByRole('heading', { name: title })).toBeInTheDocument()
    }
    expect(within(footer()).getByRole('link', { name: '5-Year Warranty' })).toHaveAttribute(
      'href',
      '/customer-service/warranty',
    )
    expect(
      within(footer()).queryByRole('button', { name: 'Customer Service' }),
    ).not.toBeInTheDocument()
  })

  it('folds the link lists into accordions on small screens', async () => {
    setViewportWidth(390)
    const { user } = await renderApp('/')
    await footerLoaded()
    const toggle = within(footer()).getByRole('button', { name: 'My Account' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(
      within(footer()).queryByRole('link', { name: 'Sign In / Register' }),
    ).not.toBeInTheDocument()
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(within(footer()).getByRole('link', { name: 'Sign In / Register' })).toHaveAttribute(
      'href',
      '/userauth',
    )
  })

  it('points every link at a real page (no not-found)', async () => {
    await seedSession()
    const { router } = await renderApp('/')
    for (const { links } of FOOTER_SECTIONS) {
      for (const { label, link } of links) {
        const location = router.buildLocation(link)
        await router.navigate({ href: location.href })
        expect(
          screen.queryByRole('heading', { name: 'Page not found' }),
          label,
        ).not.toBeInTheDocument()
        expect(router.state.location.pathname, label).toBe(location.pathname)
      }
    }
  })
})
