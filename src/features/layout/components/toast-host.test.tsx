import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { toastHostDemand, toastNotifier } from '../../../lib/notify.ts'
import { renderApp } from '../../../test/render-app.tsx'

describe('the toast host', () => {
  it('is not mounted, nor its library loaded, until the first toast is raised', async () => {
    await renderApp('/')
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(toastHostDemand.wanted()).toBe(false)
    expect(document.querySelector('.Toastify')).toBeNull()

    act(() => toastNotifier.success('Saved for later'))
    expect(await screen.findByText('Saved for later')).toBeInTheDocument()
    expect(document.querySelector('.Toastify')).not.toBeNull()
  })
})
