import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { recordSearches, testApi } from '../../../test/api-server.ts'
import { renderApp } from '../../../test/render-app.tsx'

/** The header's search (rules.md § Search): a WAI-ARIA combobox suggesting products and categories. */

async function apiSearch(q: string, limit: number) {
  const res = await testApi().call(`/api/products/search?q=${encodeURIComponent(q)}&limit=${limit}`)
  return ((await res.json()) as { products: { id: number; title: string }[] }).products
}

beforeEach(() =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true }),
)
afterEach(() => vi.useRealTimers())

const settle = () => act(() => vi.advanceTimersByTimeAsync(300))
const banner = () => screen.getByRole('banner')

async function openSearch(path = '/') {
  const app = await renderApp(path, { advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
  const button = within(banner()).getByRole('button', { name: 'Search' })
  expect(button).toHaveAttribute('aria-expanded', 'false')
  await app.user.click(button)
  const box = await screen.findByRole('combobox', { name: 'Search products' })
  expect(button).toHaveAttribute('aria-expanded', 'true')
  return { ...app, box, button }
}

const options = () =>
  within(screen.getByRole('listbox', { name: 'Suggestions' })).getAllByRole('option')

describe('the header search (rules.md § Search)', () => {
  it('opens with the focus in a combobox that suggests nothing until 3 letters and a pause', async () => {
    const asked = recordSearches()
    const { user, box } = await openSearch()
    // Given once the panel's code has come and it has rendered.
    await waitFor(() => expect(box).toHaveFocus())
    expect(box).toHaveAttribute('aria-expanded', 'false')
    await user.type(box, 'ip')
    await settle()
    expect(asked()).toEqual([])
    expect(box).toHaveAttribute('aria-expanded', 'false')
    await user.type(box, 'hnoe')
    await act(() => vi.advanceTimersByTimeAsync(200))
    expect(asked()).toEqual([])
    await settle()
    await waitFor(() => expect(asked()).toEqual(['?q=iphnoe&limit=5&skip=0']))
  })

  it('suggests up to 5 products, marked where they matched, and the categories the words name', async () => {
    const { user, box } = await openSearch()
    await user.type(box, 'phone')
    await settle()
    const expected = (await apiSearch('phone', 5)).map((product) => product.title)
    expect(expected).toHaveLength(5)
    // The category is known at once; the products once the API answers.
    await waitFor(() => expect(options()).toHaveLength(7))
    expect(box).toHaveAttribute('aria-expanded', 'true')
    const names = options().map((option) => option.textContent)
    expect(
      names.slice(0, 5).map((name) => expected.some((title) => name?.startsWith(title))),
    ).toEqual([true, true, true, true, true])
    expect(names.slice(5)).toEqual(['Category Smartphones', 'See all results for “phone”'])
    expect(options()[0]?.querySelector('mark')).toHaveTextContent(/^phone$/i)
    expect(screen.getByRole('status', { hidden: false })).toHaveTextContent(
      '5 products and 1 category suggested. Use the up and down arrows to choose.',
    )
  })

  it('moves through the suggestions with the arrows, and Enter opens the one chosen', async () => {
    const { user, box, router, button } = await openSearch()
    await user.type(box, 'iphnoe')
    await settle()
    const [first, second] = await apiSearch('iphnoe', 5)
    // Three iPhones, then "See all results".
    await waitFor(() => expect(options()).toHaveLength(4))
    expect(box).toHaveAttribute('aria-expanded', 'true')
    expect(box).not.toHaveAttribute('aria-activedescendant')
    await user.keyboard('{ArrowDown}')
    expect(box).toHaveAttribute('aria-activedescendant', options()[0]?.id)
    expect(options()[0]).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowDown}')
    expect(options()[1]).toHaveAttribute('aria-selected', 'true')
    expect(options()[0]).toHaveAttribute('aria-selected', 'false')
    // Up from the first wraps to the last: "See all results".
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(options().at(-1)).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(options()[1]).toHaveTextContent(second?.title ?? '')
    expect(first).toBeDefined()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe(`/product/${second?.id}`))
    expect(screen.queryByRole('combobox', { name: 'Search products' })).not.toBeInTheDocument()
    expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  it('opens every result on /search with Enter, or with "See all results"', async () => {
    const { user, box, router } = await openSearch()
    await user.type(box, 'macbok air')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'))
    expect(router.state.location.search).toEqual({ q: 'macbok air' })
    // The search page has opened and put the focus in its own box (its mount effect): opened
    // before that, the panel lost the focus to it and closed, as the focus moving on closes it.
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveFocus(),
    )

    const again = within(banner()).getByRole('button', { name: 'Search' })
    await user.click(again)
    const box2 = await screen.findByRole('combobox', { name: 'Search products' })
    await user.type(box2, 'sofa')
    await settle()
    await user.click(await screen.findByRole('option', { name: 'See all results for “sofa”' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'sofa' }))
  })

  it('opens a category from its suggestion', async () => {
    const { user, box, router } = await openSearch()
    await user.type(box, 'laptp')
    await settle()
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'))
    await user.click(await screen.findByRole('option', { name: 'Category Laptops' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/laptops'))
  })

  it('closes the list with Escape, then the panel, giving the focus back to its button', async () => {
    const { user, box, button } = await openSearch()
    await user.type(box, 'phone')
    await settle()
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'))
    await user.keyboard('{ArrowDown}{Escape}')
    expect(box).toHaveAttribute('aria-expanded', 'false')
    expect(box).not.toHaveAttribute('aria-activedescendant')
    expect(box).toHaveValue('phone')
    // Typing again opens it.
    await user.keyboard('s')
    await settle()
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'))
    await user.keyboard('{Escape}{Escape}')
    expect(screen.queryByRole('combobox', { name: 'Search products' })).not.toBeInTheDocument()
    expect(button).toHaveFocus()
  })

  it('closes when the focus moves on to the rest of the header', async () => {
    const { user } = await openSearch()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Close search' })).toHaveFocus()
    await user.tab()
    expect(within(banner()).getByRole('button', { name: 'Account' })).toHaveFocus()
    expect(screen.queryByRole('combobox', { name: 'Search products' })).not.toBeInTheDocument()
  })

  it('closes with its Close search button, giving the focus back to the search button', async () => {
    const { user, button } = await openSearch()
    await user.click(screen.getByRole('button', { name: 'Close search' }))
    expect(screen.queryByRole('combobox', { name: 'Search products' })).not.toBeInTheDocument()
    expect(button).toHaveFocus()
  })

  it('closes when the shopper presses elsewhere on the page', async () => {
    const { user } = await openSearch()
    await user.click(screen.getByRole('main'))
    expect(screen.queryByRole('combobox', { name: 'Search products' })).not.toBeInTheDocument()
  })
})
