import { act, screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { toastNotifier } from '../../../lib/notify.ts'
import { renderApp } from '../../../test/render-app.tsx'

describe('the toast host', () => {
  // The module's first transform (react-toastify) is the test runner's cost, not the page's: on a
  // busy CI machine it alone outlasted findByText's second. Warm it, so the wait below is the app's.
  beforeAll(() => import('./toast-host.tsx'))

  it('mounts with the page’s first toast, not before, and shows that toast', async () => {
    await renderApp('/')
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    // Past the idle moment when its code loads: still no container (whose library would add its
    // stylesheet and restyle the page), as no toast was raised.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(document.querySelector('.Toastify')).toBeNull()
    // The library queues the toast until its container is on the page.
    act(() => toastNotifier.success('Saved for later'))
    expect(await screen.findByText('Saved for later')).toBeInTheDocument()
    expect(document.querySelector('.Toastify')).not.toBeNull()
  })
})
