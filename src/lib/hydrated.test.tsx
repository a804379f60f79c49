import { act, render, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { HydratedProvider, useHydrated } from './hydrated.tsx'
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query.ts'

function Probe() {
  return <output>{useHydrated() ? 'app' : 'server'}</output>
}

function WidthProbe() {
  return <p>{useMediaQuery(DESKTOP_QUERY) ? 'desktop' : 'phone'}</p>
}

const page = (
  <HydratedProvider>
    <Probe />
  </HydratedProvider>
)

/** Hydrates the server's HTML of `element` in a container; returns it and the mismatches React reported. */
async function hydrate(element: React.ReactElement) {
  const container = document.createElement('div')
  container.innerHTML = renderToString(element)
  const server = container.textContent
  document.body.append(container)
  const mismatches: unknown[] = []
  await act(async () => {
    hydrateRoot(container, element, { onRecoverableError: (error) => mismatches.push(error) })
    await Promise.resolve()
  })
  container.remove()
  return { server, client: container.textContent, mismatches }
}

describe('useHydrated', () => {
  it('is false in the server’s HTML and in the render that hydrates it, then true', async () => {
    expect(await hydrate(page)).toEqual({ server: 'server', client: 'app', mismatches: [] })
  })

  it('brings a media query the window’s answer once it is true, after hydrating the server’s', async () => {
    // A desktop window (1280 px): the server renders for a phone, the browser hydrates that.
    const { server, client, mismatches } = await hydrate(
      <HydratedProvider>
        <WidthProbe />
      </HydratedProvider>,
    )
    expect([server, client, mismatches]).toEqual(['phone', 'desktop', []])
  })

  it('is true for a component rendered outside the document’s provider', () => {
    render(<Probe />)
    expect(screen.getByRole('status')).toHaveTextContent('app')
  })
})
