import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../test/render-app.tsx'

describe('home page', () => {
  it('shows the hero with its gift-guide link', async () => {
    await renderApp('/')
    expect(screen.getByRole('heading', { level: 1, name: 'HOLIDAY GIFTS' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Shop the Gift Guide' })).toHaveAttribute(
      'href',
      '/products/womens-bags',
    )
    const bestSellers = screen.getByRole('region', { name: 'Our Best Sellers' })
    expect(await within(bestSellers).findAllByRole('article')).toHaveLength(4)
  })
})
