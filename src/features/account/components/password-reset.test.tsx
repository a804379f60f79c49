import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { apiServer, recordRequests, testApi } from '../../../test/api-server.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { seedSession } from '../../../test/session.ts'
import { forgetResetToken, keepResetToken } from '../reset-link.ts'

// A forgotten password reset by a mailed link (rules.md § Password reset), against the real
// API's handler: its mail is read from the test API's outbox, as a shopper reads their mailbox.

const EMAIL = 'emily.johnson@example.com'
const SENT = 'If an account uses that address, we have sent it a link'
const MINUTES_30 = 30 * 60_000

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })
  dispatchEvent(new Event(online ? 'online' : 'offline'))
}

afterEach(() => {
  setOnline(true)
  forgetResetToken()
  history.replaceState(null, '', '/')
})

/** The token of the reset link the last mail to the demo shopper carries. */
async function mailedToken(): Promise<string> {
  const mails = await testApi().mails()
  const token = /\/reset-password\?token=([\w-]+)/.exec(mails.at(-1)?.text ?? '')?.[1]
  if (!token) throw new Error('no reset link was mailed')
  return token
}

/** A link asked for on the shopper's behalf: its token. */
async function askForLink(): Promise<string> {
  await testApi().call('/api/auth/forgot-password', { body: { email: EMAIL } })
  return mailedToken()
}

/** The app started from the link in the mail, as main.tsx starts it: the token taken out first. */
async function openLink(token: string) {
  history.replaceState(null, '', `/reset-password?token=${token}`)
  keepResetToken()
  expect(location.pathname + location.search).toBe('/reset-password')
  const rendered = await renderApp('/reset-password')
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeInTheDocument()
  return rendered
}

const forgotForm = () => within(screen.getByRole('form', { name: 'Forgot your password?' }))
const resetForm = () => within(screen.getByRole('form', { name: 'Choose a new password' }))
/** The form, once the link has been checked. */
const newPasswordForm = async () =>
  within(await screen.findByRole('form', { name: 'Choose a new password' }))

async function openForgot() {
  const rendered = await renderApp('/forgot-password')
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
  ).toBeInTheDocument()
  return rendered
}

describe('Forgot password? (rules.md § Password reset)', () => {
  it('is a link of the account modal’s sign-in, which closes as it is followed', async () => {
    const { user, router } = await renderApp('/')
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Account' }))
    const dialog = await screen.findByRole('dialog')
    const link = await within(dialog).findByRole('link', { name: 'Forgot password?' })
    expect(link).toHaveAttribute('href', '/forgot-password')
    await user.click(link)
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    const heading = await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })
    // The focus goes to the page's heading, not back to the header's Account button.
    await waitFor(() => expect(heading).toHaveFocus())
  })

  it('leaves the focus to the browser when the page is loaded whole, not opened within the app', async () => {
    await openForgot()
    expect(document.activeElement).toBe(document.body)
  })

  it('is a link of /userauth’s sign-in too', async () => {
    await renderApp('/userauth')
    const signIn = within(await screen.findByRole('form', { name: 'Sign In' }))
    expect(signIn.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
  })

  it('asks for the email with the registration’s messages, and sends nothing until it is one', async () => {
    const requests = recordRequests()
    const { user } = await openForgot()
    await user.click(forgotForm().getByRole('button', { name: 'Send Link' }))
    const email = forgotForm().getByLabelText('Email')
    expect(await forgotForm().findByText('Email Address missing.')).toBeInTheDocument()
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription('Email Address missing.')
    await user.type(email, 'emily@')
    await user.click(forgotForm().getByRole('button', { name: 'Send Link' }))
    expect(await forgotForm().findByText('Email is not in proper format')).toBeInTheDocument()
    expect(requests.filter((url) => url.startsWith('/api/auth'))).toEqual([])
  })

  it.each([
    ['an account’s address', EMAIL, 1],
    ['an address no account has', 'nobody.here@example.com', 0],
  ])(
    'answers the same for %s, focused, and mails only an account',
    async (_case, address, mails) => {
      const { user } = await openForgot()
      await user.type(forgotForm().getByLabelText('Email'), address)
      await user.click(forgotForm().getByRole('button', { name: 'Send Link' }))
      const answer = await screen.findByRole('status')
      expect(answer).toHaveTextContent(SENT)
      expect(answer).toHaveTextContent('The link works once, for 30 minutes.')
      expect(answer).toHaveFocus()
      expect(screen.queryByRole('form')).not.toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute(
        'href',
        '/userauth',
      )
      expect(await testApi().mails()).toHaveLength(mails)

      await user.click(screen.getByRole('button', { name: 'Use another address' }))
      expect(forgotForm().getByLabelText('Email')).toHaveValue('')
    },
  )

  it('says what the server says once an address has asked too often', async () => {
    for (let request = 0; request < 10; request++)
      await testApi().call('/api/auth/forgot-password', {
        body: { email: `someone${request}@example.com` },
      })
    const { user } = await openForgot()
    await user.type(forgotForm().getByLabelText('Email'), EMAIL)
    await user.click(forgotForm().getByRole('button', { name: 'Send Link' }))
    expect(await forgotForm().findByRole('alert')).toHaveTextContent(
      'Too many password reset requests from this address, please try again later',
    )
    expect(screen.queryByText(SENT)).not.toBeInTheDocument()
  })

  it('offline, says so plainly and keeps what was typed', async () => {
    const { user } = await openForgot()
    setOnline(false)
    apiServer.use(http.post('*/api/auth/forgot-password', () => HttpResponse.error()))
    await user.type(forgotForm().getByLabelText('Email'), EMAIL)
    await user.click(forgotForm().getByRole('button', { name: 'Send Link' }))
    expect(await forgotForm().findByRole('alert')).toHaveTextContent(
      'You are offline. Check your connection and try again.',
    )
    expect(forgotForm().getByLabelText('Email')).toHaveValue(EMAIL)
  })
})

describe('the reset page (rules.md § Password reset)', () => {
  it('takes the token out of the address, then asks for the new password twice with the spec’s messages', async () => {
    const { user, router } = await openLink(await askForLink())
    expect(router.state.location.href).toBe('/reset-password')
    const form = await screen.findByRole('form', { name: 'Choose a new password' })
    expect(JSON.stringify(router.state.location)).not.toContain('token')
    await user.click(within(form).getByRole('button', { name: 'Reset Password' }))
    expect(await resetForm().findByText('New Password is required')).toBeInTheDocument()
    expect(resetForm().getByText('Confirm Password is required')).toBeInTheDocument()
    const password = resetForm().getByLabelText('New Password')
    expect(password).toHaveAccessibleDescription(
      /Your password should contain 6-20 case sensitive characters.*New Password is required/,
    )
    await user.type(password, 'abc1')
    await user.type(resetForm().getByLabelText('Confirm Password'), 'abc12')
    await user.click(resetForm().getByRole('button', { name: 'Reset Password' }))
    expect(await resetForm().findByText('Must Contain 6 Characters')).toBeInTheDocument()
    await user.type(password, '2345')
    await user.click(resetForm().getByRole('button', { name: 'Reset Password' }))
    expect(await resetForm().findByText('Passwords does not match')).toBeInTheDocument()
    expect(resetForm().queryByText('Must Contain 6 Characters')).not.toBeInTheDocument()
  })

  it('signs the shopper in on this device and takes them to My Account; the old password and other sessions are over', async () => {
    const elsewhere = await seedSession()
    localStorage.clear()
    const { user, router } = await openLink(await askForLink())
    await user.type((await newPasswordForm()).getByLabelText('New Password'), 'fresh1234')
    await user.type(resetForm().getByLabelText('Confirm Password'), 'fresh1234')
    await user.click(resetForm().getByRole('button', { name: 'Reset Password' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/myaccount'))
    expect(
      await screen.findByText('Your password has been reset, and you are signed in'),
    ).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('userDetails') ?? 'null')).toEqual({
      userName: 'Emily',
      id: 1,
    })
    expect(localStorage.getItem('isUserLoggedIn')).toBe('true')
    // The session opened before the reset (another device's) is refused; the old password too.
    expect((await testApi().call('/api/auth/me', { token: elsewhere.accessToken })).status).toBe(
      401,
    )
    const old = await testApi().call('/api/auth/login', {
      body: { username: 'emilys', password: 'emilyspass' },
    })
    expect(old.status).toBe(400)
    // Back does not lead to the spent link.
    expect(router.history.length).toBe(1)
  })

  it('says a link already used was used, and offers a new one', async () => {
    const token = await askForLink()
    await testApi().call('/api/auth/reset-password', { body: { token, password: 'fresh1234' } })
    await openLink(token)
    const notice = await screen.findByRole('alert')
    expect(notice).toHaveTextContent(
      'This link was already used: each link works once, and using one ends the others.',
    )
    expect(notice).toHaveFocus()
    expect(within(notice).getByRole('link', { name: 'Send me a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
  })

  it('says a link has expired after 30 minutes, and offers a new one', async () => {
    const token = await askForLink()
    testApi().clock.advance(MINUTES_30)
    const { user, router } = await openLink(token)
    const notice = await screen.findByRole('alert')
    expect(notice).toHaveTextContent(
      'This link has expired: a link to reset your password works for 30 minutes.',
    )
    await user.click(within(notice).getByRole('link', { name: 'Send me a new link' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'))
    const heading = await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })
    await waitFor(() => expect(heading).toHaveFocus())
  })

  it('says so when the link expires while the form is open, and sets nothing', async () => {
    const token = await askForLink()
    const { user } = await openLink(token)
    await user.type((await newPasswordForm()).getByLabelText('New Password'), 'fresh1234')
    await user.type(resetForm().getByLabelText('Confirm Password'), 'fresh1234')
    testApi().clock.advance(MINUTES_30)
    await user.click(resetForm().getByRole('button', { name: 'Reset Password' }))
    // On the page, in place of the form (and toasted, as every failed attempt is).
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(
      'This link has expired: a link to reset your password works for 30 minutes.',
    )
    expect(localStorage.getItem('isUserLoggedIn')).toBeNull()
    const old = await testApi().call('/api/auth/login', {
      body: { username: 'emilys', password: 'emilyspass' },
    })
    expect(old.status).toBe(200)
  })

  it('says a page opened without a token has no valid link, asking the server nothing', async () => {
    const requests = recordRequests()
    await renderApp('/reset-password')
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid.')
    expect(requests.filter((url) => url.startsWith('/api/auth'))).toEqual([])
  })

  it('opened within the app, keeps the focus on the notice that says why the link is refused', async () => {
    const { router } = await renderApp('/')
    await act(() => router.navigate({ to: '/reset-password' }))
    const notice = await screen.findByRole('alert')
    expect(notice).toHaveTextContent('This link is not valid.')
    await waitFor(() => expect(notice).toHaveFocus())
  })

  it('offers Retry when the link could not be checked', async () => {
    const token = await askForLink()
    setOnline(false)
    apiServer.use(http.post('*/api/auth/reset-password/check', () => HttpResponse.error()))
    const { user } = await openLink(token)
    expect(await screen.findByText('Your link could not be checked.')).toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent(
      'You are offline. Check your connection and try again.',
    )
    setOnline(true)
    apiServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect((await newPasswordForm()).getByLabelText('New Password')).toBeInTheDocument()
  })
})
