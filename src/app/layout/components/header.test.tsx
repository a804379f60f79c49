import { act, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setViewportWidth } from '../../../test/match-media.ts'
import { renderApp } from '../../../test/render-app.tsx'

const header = () => screen.getByRole('banner')
/**
 * The header's two menus are a <details>' summary each, so that they open without JavaScript too
 * (e2e/no-javascript.spec.ts): a button to the browser, which tells whether it is open from its
 * <details>, as these read it (jsdom's roles do not count a summary as a button).
 */
const moreCategories = () => within(header()).getByText('More Categories')
const menuButton = (name = 'Open menu') => within(header()).getByLabelText(name)
const isOpen = (summary: HTMLElement) => summary.closest('details')?.open

describe('header at 1024 px and wider', () => {
  // Both layouts are in the page, for any width the server may be rendering for; CSS shows one of
  // them (the bar from 1024 px, the hamburger below), which e2e/home.spec.ts checks in Chromium.
  it("has 'All Products', the first 4 categories and 'More Categories' in its bar", async () => {
    setViewportWidth(1024)
    await renderApp('/')
    const nav = within(header()).getByRole('navigation', { name: 'Main' })
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')])
    expect(links).toEqual([
      ['All Products', '/products'],
      ['Smartphones', '/products/smartphones'],
      ['Laptops', '/products/laptops'],
      ['Fragrances', '/products/fragrances'],
      ['Skincare', '/products/skincare'],
    ])
  })

  it("'More Categories' opens the other 16, and Escape closes it back onto its button", async () => {
    const { user } = await renderApp('/')
    // Wide screens only: the dropdown's code loads with the header's first render there.
    const more = await within(header()).findByText('More Categories')
    expect(more.tagName).toBe('SUMMARY')
    expect(isOpen(more)).toBe(false)
    await user.click(more)
    expect(isOpen(more)).toBe(true)
    const panel = more.closest('details')?.querySelector('ul')
    const names = within(panel as HTMLElement)
      .getAllByRole('link')
      .map((link) => link.textContent)
    expect(names).toHaveLength(16)
    expect(names[0]).toBe('Groceries')
    expect(names.at(-1)).toBe('Lighting')
    await user.keyboard('{Escape}')
    expect(isOpen(more)).toBe(false)
    expect(more).toHaveFocus()
  })

  it('navigates from the dropdown and closes it', async () => {
    const { user, router } = await renderApp('/')
    await user.click(moreCategories())
    await user.click(within(header()).getByRole('link', { name: 'Womens Bags' }))
    expect(router.state.location.pathname).toBe('/products/womens-bags')
    expect(isOpen(moreCategories())).toBe(false)
  })

  it('the search icon opens the search, the cart icon links the cart, the user icon opens the account modal', async () => {
    const { user } = await renderApp('/')
    // Without the app, the button submits its form to /search (pages.ssr.test); with it, it opens
    // the combobox (header-search.test).
    expect(within(header()).getByRole('button', { name: 'Search' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    expect(within(header()).getByRole('link', { name: /^Cart/ })).toHaveAttribute('href', '/cart')
    const account = within(header()).getByRole('button', { name: 'Account' })
    await user.click(account)
    const dialog = await screen.findByRole('dialog', { name: 'Create An Account' })
    expect(
      within(dialog).getByText('Create a Meridian account with your email address.'),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'create an account' })).toHaveAttribute(
      'href',
      '/userauth',
    )
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(account).toHaveFocus()
  })

  it('shows the number of items in the stored cart', async () => {
    const line = {
      title: 'Item',
      category: 'tops',
      price: 10,
      discountPercentage: 0,
      thumbnail: 'x.svg',
    }
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { ...line, id: 1, quantity: 2 },
        { ...line, id: 2, quantity: 1 },
      ]),
    )
    await renderApp('/')
    const cart = within(header()).getByRole('link', { name: 'Cart, 3 items' })
    expect(cart).toHaveTextContent('3')
  })

  it('ignores a corrupted stored cart instead of failing', async () => {
    localStorage.setItem('cart', '{not json')
    await renderApp('/')
    expect(within(header()).getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument()
    expect(localStorage.getItem('cart')).toBeNull()
  })
})

describe('header below 1024 px', () => {
  it('has the hamburger, closed', async () => {
    setViewportWidth(1023)
    await renderApp('/')
    expect(menuButton().tagName).toBe('SUMMARY')
    expect(isOpen(menuButton())).toBe(false)
    // Its list for a browser without JavaScript is in a <noscript>, which the app never renders.
    expect(screen.queryByRole('navigation', { name: 'Categories' })).not.toBeInTheDocument()
  })

  it('opens a menu with every category that locks page scroll until closed', async () => {
    setViewportWidth(390)
    const { user } = await renderApp('/')
    await user.click(menuButton())
    expect(isOpen(menuButton('Close menu'))).toBe(true)
    // The menu's code loads when the shopper reaches for the button.
    const menu = await screen.findByRole('navigation', { name: 'Categories' })
    expect(within(menu).getAllByRole('link')).toHaveLength(21)
    expect(document.documentElement).toHaveClass('scroll-locked')
    expect(within(menu).getByRole('link', { name: 'All Products' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('navigation', { name: 'Categories' })).not.toBeInTheDocument()
    expect(document.documentElement).not.toHaveClass('scroll-locked')
    expect(menuButton()).toHaveFocus()
    expect(isOpen(menuButton())).toBe(false)
  })

  it('closes the menu when a category is chosen, and when the window grows past 1024 px', async () => {
    setViewportWidth(390)
    const { user, router } = await renderApp('/')
    await user.click(menuButton())
    const menu = await screen.findByRole('navigation', { name: 'Categories' })
    await user.click(within(menu).getByRole('link', { name: 'Motorcycle' }))
    expect(router.state.location.pathname).toBe('/products/motorcycle')
    expect(screen.queryByRole('navigation', { name: 'Categories' })).not.toBeInTheDocument()

    await user.click(menuButton())
    act(() => setViewportWidth(1280))
    expect(screen.queryByRole('navigation', { name: 'Categories' })).not.toBeInTheDocument()
    expect(document.documentElement).not.toHaveClass('scroll-locked')
    // Narrow again: the menu stays closed until asked for.
    act(() => setViewportWidth(390))
    expect(screen.queryByRole('navigation', { name: 'Categories' })).not.toBeInTheDocument()
  })
})
