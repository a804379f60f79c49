import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useDummyJsonApi } from '../../../test/api-server.ts'
import { renderApp } from '../../../test/render-app.tsx'

// The app built for another API (VITE_API_URL, e.g. DummyJSON: useDummyJsonApi), which has no
// password reset: its accounts are its own (rules.md § Password reset).

const UNAVAILABLE =
  "Resetting a password is not available with this shop's catalogue service: it keeps no accounts of its own."

describe('password reset with another API', () => {
  it('offers no Forgot password? beside Sign In', async () => {
    useDummyJsonApi()
    await renderApp('/userauth')
    const signIn = within(await screen.findByRole('form', { name: 'Sign In' }))
    expect(signIn.getByRole('button', { name: 'Sign In' })).toBeInTheDocument()
    expect(signIn.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument()
  })

  it.each(['/forgot-password', '/reset-password'])('says %s is not available', async (path) => {
    useDummyJsonApi()
    await renderApp(path)
    expect(await screen.findByText(UNAVAILABLE)).toBeInTheDocument()
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
  })
})
