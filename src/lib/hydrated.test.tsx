import { act, render, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { HydratedProvider, useHydrated } from './hydrated.tsx'

function Probe() {
  return <output>{useHydrated() ? 'app' : 'server'}</output>
}

const page = (
  <HydratedProvider>
    <Probe />
  </HydratedProvider>
)

describe('useHydrated', () => {
  it('is false in the server’s HTML and in the render that hydrates it, then true', async () => {
    const html = renderToString(page)
    expect(html).toContain('server')
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const mismatches: unknown[] = []
    await act(async () => {
      hydrateRoot(container, page, { onRecoverableError: (error) => mismatches.push(error) })
      await Promise.resolve()
    })
    expect(container.textContent).toBe('app')
    expect(mismatches).toEqual([])
    container.remove()
  })

  it('is true for a component rendered outside the document’s provider', () => {
    render(<Probe />)
    expect(screen.getByRole('status')).toHaveTextContent('app')
  })
})
