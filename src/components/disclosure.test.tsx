import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Disclosure } from './disclosure.tsx'

const section = (collapsible: boolean) => (
  <Disclosure title="Help" collapsible={collapsible}>
    <ul aria-label="Help links">
      <li>Returns</li>
    </ul>
  </Disclosure>
)

describe('Disclosure', () => {
  it('is a heading and its content while it cannot collapse', () => {
    render(section(false))
    expect(screen.getByRole('heading', { name: 'Help' })).toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Help links' })).toBeVisible()
  })

  it('keeps its content as it becomes collapsible, closed, and opens it from its button', async () => {
    const { rerender } = render(section(false))
    const list = screen.getByRole('list', { name: 'Help links' })
    // As the app learns a phone's width after hydration: the same element, now hidden (React
    // changed an attribute rather than build the content again).
    rerender(section(true))
    expect(screen.getByRole('list', { hidden: true, name: 'Help links' })).toBe(list)
    expect(list).not.toBeVisible()
    const toggle = screen.getByRole('button', { name: 'Help' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveAttribute('aria-controls', list.parentElement?.id)
    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(list).toBeVisible()
  })
})
