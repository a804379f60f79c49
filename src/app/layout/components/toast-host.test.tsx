import { act, screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { toastNotifier } from '../../../lib/notify.ts'
import { renderApp } from '../../../test/render-app.tsx'

describe('the toast host', () => {
  // The module's first transform (react-toastify) is the test runner's cost, not the page's: on a
  // busy CI machine it alone outlasted findByText's second. Warm it, so the wait below is the app's.
  beforeAll(() => import('./toast-host.tsx'))

  it('mounts once the page is idle, and shows a toast raised before that', async () => {
    await renderApp('/')
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    // Raised at once: the library queues it until its container is on the page.
    act(() => toastNotifier.success('Saved for later'))
    expect(await screen.findByText('Saved for later')).toBeInTheDocument()
    expect(document.querySelector('.Toastify')).not.toBeNull()
  })
})
