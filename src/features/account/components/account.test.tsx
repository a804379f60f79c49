import { act, screen, waitFor, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { accountMessages } from '../../../lib/page-messages.ts'
import { apiServer, testApi, useDummyJsonApi } from '../../../test/api-server.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { seedSession } from '../../../test/session.ts'
import { TEST_ADDRESS } from '../../../test/shop-fixtures.ts'
import { accountKeys } from '../account.queries.ts'

const header = () => screen.getByRole('banner')
const openAccountModal = async (user: Awaited<ReturnType<typeof renderApp>>['user']) => {
  await user.click(within(header()).getByRole('button', { name: 'Account' }))
  // The dialog and its content are their own chunk: its first load can take a moment here.
  const dialog = await screen.findByRole('dialog')
  await within(dialog).findByRole('heading', { level: 2 })
  return dialog
}

function recordBodies(path: string) {
  const bodies: unknown[] = []
  apiServer.events.on('request:start', ({ request }) => {
    // Only requests with a body (GET users/{id} has none).
    if (request.method !== 'GET' && new URL(request.url).pathname === path) {
      void request
        .clone()
        .json()
        .then((body) => bodies.push(body))
    }
  })
  return bodies
}

/** The toasts saying `text` still shown: jsdom runs no animation, so a dismissed one stays, leaving. */
const toastsShown = (text: string) =>
  screen
    .queryAllByText(text)
    .filter((element) => element.closest('.Toastify__toast:not([data-in="false"])'))

const storedSessionKeys = () =>
  ['userDetails', 'isUserLoggedIn', 'accessToken', 'refreshToken'].map((key) =>
    localStorage.getItem(key),
  )

describe('account modal (rules.md § Account modal)', () => {
  it('signs in from the modal, which then closes; only the first name, id and token are stored', async () => {
    const { user } = await renderApp('/')
    const dialog = await openAccountModal(user)
    expect(within(dialog).getByRole('heading', { name: 'Create An Account' })).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'create an account' })).toHaveAttribute(
      'href',
      '/userauth',
    )

    const form = within(dialog).getByRole('form', { name: 'Sign In' })
    await user.type(within(form).getByLabelText('User Name'), 'emilys')
    await user.type(within(form).getByLabelText('Password'), 'wrong-password')
    await user.click(within(form).getByRole('button', { name: 'Sign In' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('Invalid credentials')
    expect(within(form).getByRole('button', { name: 'Sign In' })).toBeEnabled()
    await waitFor(() => expect(screen.getAllByText('Invalid credentials')).toHaveLength(2)) // inline and toast

    // The failed attempt's message, beside the form and in its toast, goes as the field changes.
    await user.clear(within(form).getByLabelText('Password'))
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument()
    await waitFor(() => expect(toastsShown('Invalid credentials')).toEqual([]))
    await user.type(within(form).getByLabelText('Password'), 'emilyspass')
    await user.click(within(form).getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(toastsShown('Invalid credentials')).toEqual([])
    expect(JSON.parse(localStorage.getItem('userDetails') ?? 'null')).toEqual({
      userName: 'Emily',
      id: 1,
    })
    expect(localStorage.getItem('isUserLoggedIn')).toBe('true')
    expect(localStorage.getItem('accessToken')).toMatch(/^"[\w-]+\.[\w-]+\.[\w-]+"$/)
    expect(JSON.stringify({ ...localStorage })).not.toContain('emilyspass')
  })

  it("shows the sign-in form's required messages once a field is touched", async () => {
    const { user } = await renderApp('/')
    const dialog = await openAccountModal(user)
    const form = within(dialog).getByRole('form', { name: 'Sign In' })
    expect(within(form).queryByText('User Name is required')).not.toBeInTheDocument()
    await user.click(within(form).getByLabelText('User Name'))
    await user.tab()
    // The form checks a field as it is left, through its schema (a promise): the message follows.
    expect(await within(form).findByText('User Name is required')).toBeInTheDocument()
    await user.tab()
    expect(await within(form).findByText('Password is required')).toBeInTheDocument()
    expect(within(form).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true')
  })

  it("signed in: 'Welcome,' and the first name, the account menu and SignOut", async () => {
    await seedSession()
    const { user, router, queryClient } = await renderApp('/products')
    queryClient.setQueryData(accountKeys.user(1), { id: 1 })
    const dialog = await openAccountModal(user)
    expect(within(dialog).getByRole('heading', { name: 'Welcome, Emily' })).toBeInTheDocument()
    const links = within(dialog)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')])
    expect(links).toEqual([
      ['My Settings', '/myaccount'],
      ['My Purchases', '/orders'],
      ['My Saved Items', '/saved'],
      ['Repair Services', '/customer-service/warranty'],
    ])

    await user.click(within(dialog).getByRole('button', { name: 'SignOut' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(storedSessionKeys()).toEqual([null, null, null, null])
    expect(queryClient.getQueryData(accountKeys.user(1))).toBeUndefined()
    const again = await openAccountModal(user)
    expect(within(again).getByRole('heading', { name: 'Create An Account' })).toBeInTheDocument()
  })

  it('closes on Escape (the dialog’s cancel), the close button and the backdrop, and returns focus to the icon', async () => {
    const { user } = await renderApp('/')
    const icon = within(header()).getByRole('button', { name: 'Account' })
    const dialog = await openAccountModal(user)
    // The first action after the close button has the focus.
    expect(within(dialog).getByRole('link', { name: 'create an account' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(icon).toHaveFocus()

    await user.click(icon)
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }),
    )
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    // A click on the backdrop reaches the dialog element itself; one inside it does not close it.
    await user.click(icon)
    const again = await screen.findByRole('dialog')
    await user.click(within(again).getByRole('heading', { level: 2 }))
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    await user.click(again)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('registration (/userauth, rules.md § Sign-in and registration, § Data and reference lists)', () => {
  const fill = async (
    user: Awaited<ReturnType<typeof renderApp>>['user'],
    overrides: Record<string, string> = {},
  ) => {
    const form = screen.getByRole('form', { name: 'Create Your Account' })
    const values: Record<string, string> = {
      Email: 'asha.verma@example.com',
      'Confirm Email': 'asha.verma@example.com',
      'User Name': 'ashav',
      'First Name': 'Asha',
      'Last Name': 'Verma',
      'Phone Number (optional)': '9876543210',
      'Pincode (optional)': '560001',
      Password: 'S3cret-pass',
      'Confirm Password': 'S3cret-pass',
      ...overrides,
    }
    await user.selectOptions(within(form).getByLabelText('Country'), 'India')
    for (const [label, value] of Object.entries(values))
      await user.type(within(form).getByLabelText(label), value)
    await user.selectOptions(within(form).getByLabelText('Birth Month (optional)'), 'March')
    await user.selectOptions(within(form).getByLabelText('Birth Day (optional)'), '14')
    await user.selectOptions(within(form).getByLabelText('Gender (optional)'), 'Female')
    return form
  }

  it('sends the spec payload (with `username` for DummyJSON), signs in automatically and goes back one page', async () => {
    const bodies = recordBodies('/api/users/add')
    const { user, router } = await renderApp('/products/laptops')
    await act(() => router.navigate({ to: '/userauth' }))
    const form = await fill(user)
    await user.click(within(form).getByRole('button', { name: 'Create Account' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/laptops'))
    expect(bodies).toEqual([
      {
        country: 'India',
        email: 'asha.verma@example.com',
        firstName: 'Asha',
        lastName: 'Verma',
        userName: 'ashav',
        username: 'ashav',
        phone: '9876543210',
        address: { postalCode: '560001' },
        birthDate: '14-March',
        gender: 'Female',
        password: 'S3cret-pass',
      },
    ])
    expect(JSON.parse(localStorage.getItem('userDetails') ?? 'null')).toMatchObject({
      userName: 'Asha',
    })
    expect(localStorage.getItem('isUserLoggedIn')).toBe('true')
  })

  it('goes home when there is no page to go back to', async () => {
    const { user, router } = await renderApp('/userauth')
    const form = await fill(user)
    await user.click(within(form).getByRole('button', { name: 'Create Account' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it("shows the server's message for a taken user name, and lets the shopper try again", async () => {
    const { user } = await renderApp('/userauth')
    const form = await fill(user, { 'User Name': 'emilys' })
    await user.click(within(form).getByRole('button', { name: 'Create Account' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('Username already exists')
    expect(within(form).getByRole('button', { name: 'Create Account' })).toBeEnabled()
    expect(localStorage.getItem('isUserLoggedIn')).toBeNull()
  })

  it('against an API that only simulates writes (DummyJSON), says the account was not kept, and stays signed out', async () => {
    useDummyJsonApi()
    const { user, router } = await renderApp('/userauth')
    const form = await fill(user)
    await user.click(within(form).getByRole('button', { name: 'Create Account' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      accountMessages.registrationNotKept,
    )
    expect(router.state.location.pathname).toBe('/userauth')
    expect(localStorage.getItem('isUserLoggedIn')).not.toBe('true')
  })

  it('shows the spec messages for mismatched confirmations and a bad phone, once touched', async () => {
    const { user } = await renderApp('/userauth')
    const form = await fill(user, {
      'Confirm Email': 'asha@other.example',
      'Confirm Password': 'nope',
      'Phone Number (optional)': '12345',
    })
    await user.click(within(form).getByRole('button', { name: 'Create Account' }))
    expect(await within(form).findByText('Email does not match')).toBeInTheDocument()
    expect(within(form).getByText('Passwords does not match')).toBeInTheDocument()
    expect(within(form).getByText('Invalid phone number')).toBeInTheDocument()
  })
})

describe('my account (/myaccount, rules.md § My account)', () => {
  it('shows a loading indicator while the details load (rules.md § My account)', async () => {
    await seedSession()
    apiServer.use(
      http.get('*/api/users/:id', async ({ request }) => {
        await delay(600)
        return testApi().fetch(request)
      }),
    )
    const { router } = await renderApp('/')
    act(() => void router.navigate({ to: '/myaccount' }))
    expect(await screen.findByLabelText('Loading')).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: 'Personal Details' })).toBeInTheDocument()
    expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument()
  })

  it('shows the personal details, loaded with the page, and the masked password', async () => {
    await seedSession()
    await renderApp('/myaccount')
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument()
    const details = await screen.findByRole('region', { name: 'Personal Details' })
    const value = (label: string) =>
      within(details).getByText(label).nextElementSibling?.textContent
    expect(value('First Name')).toBe('Emily')
    expect(value('Last Name')).toBe('Johnson')
    expect(value('Email')).toBe('emily.johnson@example.com')
    expect(value('Gender')).toBe('Female')
    expect(value('Date of Birth')).toBe('1996-05-30')
    expect(screen.getByLabelText('Password hidden')).toHaveTextContent('********')
  })

  it('checks the current password with the server before showing New Password, then saves to users/{id}', async () => {
    await seedSession()
    const bodies = recordBodies('/api/users/1')
    const { user } = await renderApp('/myaccount')
    await user.click(await screen.findByRole('button', { name: 'Edit' }))
    const form = screen.getByRole('form', { name: 'Edit personal details' })
    expect(within(form).getByLabelText('First Name')).toHaveValue('Emily')
    expect(within(form).getByLabelText('Gender')).toHaveDisplayValue('Female')
    expect(within(form).queryByLabelText('New Password')).not.toBeInTheDocument()

    await user.type(within(form).getByLabelText('Current Password'), 'not-it')
    await user.tab()
    expect(await within(form).findByText("Current password doesn't match")).toBeInTheDocument()
    expect(within(form).queryByLabelText('New Password')).not.toBeInTheDocument()

    await user.clear(within(form).getByLabelText('Current Password'))
    await user.type(within(form).getByLabelText('Current Password'), 'emilyspass')
    await user.tab()
    const newPassword = await within(form).findByLabelText('New Password')
    expect(
      within(form).getByText(/Your password should contain 6-20 case sensitive characters/),
    ).toBeInTheDocument()
    expect(within(form).getByRole('link', { name: 'Password Tips' })).toHaveAttribute(
      'href',
      '#password-tips',
    )

    await user.clear(within(form).getByLabelText('First Name'))
    await user.type(within(form).getByLabelText('First Name'), 'Emma')
    await user.type(newPassword, 'n3w-pass')
    await user.type(within(form).getByLabelText('Confirm Password'), 'n3w-pass')
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }))

    const details = await screen.findByRole('region', { name: 'Personal Details' })
    expect(within(details).getByText('First Name').nextElementSibling).toHaveTextContent('Emma')
    expect(await screen.findByText('Your profile has been updated')).toBeInTheDocument()
    expect(bodies).toEqual([
      expect.objectContaining({
        firstName: 'Emma',
        lastName: 'Johnson',
        password: 'n3w-pass',
        currentPassword: 'emilyspass',
        birthDate: '1996-05-30',
      }),
    ])
    expect(JSON.parse(localStorage.getItem('userDetails') ?? 'null')).toEqual({
      userName: 'Emma',
      id: 1,
    })
    const login = (password: string) =>
      testApi().call('/api/auth/login', { body: { username: 'emilys', password } })
    expect((await login('n3w-pass')).status).toBe(200)
    expect((await login('emilyspass')).status).toBe(400)
  })

  it('against an API that only simulates writes (DummyJSON), says the changes were not kept and shows what it has', async () => {
    await seedSession()
    useDummyJsonApi()
    const { user } = await renderApp('/myaccount')
    await user.click(await screen.findByRole('button', { name: 'Edit' }))
    const form = screen.getByRole('form', { name: 'Edit personal details' })
    await user.clear(within(form).getByLabelText('First Name'))
    await user.type(within(form).getByLabelText('First Name'), 'Emma')
    await user.type(within(form).getByLabelText('Current Password'), 'emilyspass')
    await user.tab()
    await user.type(await within(form).findByLabelText('New Password'), 'n3w-pass')
    await user.type(within(form).getByLabelText('Confirm Password'), 'n3w-pass')
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }))

    expect(await within(form).findByRole('alert')).toHaveTextContent(accountMessages.profileNotKept)
    expect(screen.queryByText('Your profile has been updated')).not.toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('userDetails') ?? 'null')).toMatchObject({
      userName: 'Emily',
    })
    await user.click(within(form).getByRole('button', { name: 'Cancel' }))
    const details = await screen.findByRole('region', { name: 'Personal Details' })
    expect(within(details).getByText('First Name').nextElementSibling).toHaveTextContent('Emily')
  })

  it('shows the profile messages once touched, and Cancel leaves without saving', async () => {
    await seedSession()
    const { user } = await renderApp('/myaccount')
    await user.click(await screen.findByRole('button', { name: 'Edit' }))
    const form = screen.getByRole('form', { name: 'Edit personal details' })
    await user.clear(within(form).getByLabelText('First Name'))
    await user.type(within(form).getByLabelText('First Name'), 'Em')
    await user.clear(within(form).getByLabelText('Mobile'))
    await user.click(within(form).getByLabelText('Date of Birth'))
    expect(await within(form).findByText('Must Contain 3 Characters')).toBeInTheDocument()
    expect(await within(form).findByText('Phone Number missing')).toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }))
    expect(await within(form).findByText('Current Password is required')).toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Cancel' }))
    const details = screen.getByRole('region', { name: 'Personal Details' })
    expect(within(details).getByText('First Name').nextElementSibling).toHaveTextContent('Emily')
  })
})

describe('an expired or revoked session', () => {
  it("signs the shopper out with a message, leaves the account page and takes the account's cart with it", async () => {
    await seedSession()
    // Tokens the server no longer accepts (as after a changed secret): none renews the other.
    localStorage.setItem('accessToken', JSON.stringify('aaa.bbb.ccc'))
    localStorage.setItem('refreshToken', JSON.stringify('aaa.bbb.ccc'))
    const cart = [
      {
        id: 1,
        title: 'Phone',
        category: 'smartphones',
        price: 10,
        discountPercentage: 0,
        thumbnail: 't.svg',
        quantity: 2,
      },
    ]
    localStorage.setItem('cart', JSON.stringify(cart))
    const { router } = await renderApp('/myaccount')
    expect(
      await screen.findByText('Your session has ended. Please sign in again.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(storedSessionKeys()).toEqual([null, null, null, null])
    // On our API the cart is the account's (rules.md § Accounts on every device): it is kept with
    // the account on the server, and leaves this device with the session.
    expect(localStorage.getItem('cart')).toBeNull()
    expect(screen.queryByRole('link', { name: 'Cart, 2 items' })).not.toBeInTheDocument()
  })
})

describe('sessions that end (decisions.md § Accounts and sessions)', () => {
  const signOutFromModal = async (user: Awaited<ReturnType<typeof renderApp>>['user']) => {
    const dialog = await openAccountModal(user)
    await user.click(within(dialog).getByRole('button', { name: 'SignOut' }))
  }
  const me = (token: string) => testApi().call('/api/auth/me', { token })
  const SESSION_ENDED = 'Your session has ended. Please sign in again.'

  it('SignOut ends the session on the server: its tokens are refused from then on', async () => {
    const { accessToken, refreshToken } = await seedSession()
    const { user, router } = await renderApp('/products')
    const bodies = recordBodies('/api/auth/logout')
    await signOutFromModal(user)
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(storedSessionKeys()).toEqual([null, null, null, null])
    await waitFor(() => expect(bodies).toEqual([{ refreshToken }]))
    await waitFor(async () => expect((await me(accessToken)).status).toBe(401))
    const refreshed = await testApi().call('/api/auth/refresh', { body: { refreshToken } })
    expect(refreshed.status).toBe(403)
  })

  it('SignOut signs out on this device when the server cannot be told (offline, or no sign-out there)', async () => {
    await seedSession()
    apiServer.use(http.post('*/api/auth/logout', () => HttpResponse.error()))
    const { user, router } = await renderApp('/products')
    await signOutFromModal(user)
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(storedSessionKeys()).toEqual([null, null, null, null])
    expect(screen.queryByText(/went wrong|offline/i)).not.toBeInTheDocument()
  })

  it('renews an expired access token with the refresh token, once, and the page loads', async () => {
    const seeded = await seedSession()
    testApi().clock.advance(61 * 60_000)
    expect((await me(seeded.accessToken)).status).toBe(401)
    const bodies = recordBodies('/api/auth/refresh')
    await renderApp('/myaccount')
    const details = await screen.findByRole('region', { name: 'Personal Details' })
    expect(within(details).getByText('First Name').nextElementSibling).toHaveTextContent('Emily')
    expect(bodies).toEqual([expect.objectContaining({ refreshToken: seeded.refreshToken })])
    const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as string
    expect(stored('accessToken')).not.toBe(seeded.accessToken)
    expect(stored('refreshToken')).not.toBe(seeded.refreshToken)
    expect((await me(stored('accessToken'))).status).toBe(200)
  })

  it('a refresh token used twice ends the session: the shopper is signed out with the message', async () => {
    const seeded = await seedSession()
    // Someone else renews with a copy of it first.
    await testApi().call('/api/auth/refresh', { body: { refreshToken: seeded.refreshToken } })
    testApi().clock.advance(61 * 60_000)
    const { router } = await renderApp('/myaccount')
    expect(await screen.findByText(SESSION_ENDED)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(storedSessionKeys()).toEqual([null, null, null, null])
  })

  it('a password changed on another device signs this one out at its next request', async () => {
    await seedSession()
    const elsewhere = await seedSession()
    localStorage.clear()
    await seedSession()
    const changed = await testApi().call('/api/users/1', {
      method: 'PUT',
      token: elsewhere.accessToken,
      body: { password: 'n3w-pass', currentPassword: 'emilyspass' },
    })
    expect(changed.status).toBe(200)
    // What belongs to the account goes with the session, as at SignOut (rules.md § State changes).
    localStorage.setItem('address', JSON.stringify(TEST_ADDRESS))
    await renderApp('/myaccount')
    expect(await screen.findByText(SESSION_ENDED)).toBeInTheDocument()
    expect(storedSessionKeys()).toEqual([null, null, null, null])
    await waitFor(() => expect(localStorage.getItem('address')).toBeNull())
  })

  it('signs in to an account many wrong passwords were tried on: the browser does the work asked', async () => {
    for (let i = 0; i < 20; i++)
      await testApi().call('/api/auth/login', {
        body: { username: 'emilys', password: 'guess1' },
        client: `192.0.2.${i}`,
      })
    const bodies = recordBodies('/api/auth/login')
    const { user } = await renderApp('/')
    const dialog = await openAccountModal(user)
    const form = within(dialog).getByRole('form', { name: 'Sign In' })
    await user.type(within(form).getByLabelText('User Name'), 'emilys')
    await user.type(within(form).getByLabelText('Password'), 'emilyspass')
    await user.click(within(form).getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(localStorage.getItem('isUserLoggedIn')).toBe('true')
    expect(bodies).toEqual([
      expect.not.objectContaining({ proof: expect.anything() as unknown }),
      expect.objectContaining({
        proof: { challenge: expect.any(String) as unknown, nonce: expect.any(String) as unknown },
      }),
    ])
    expect(screen.queryByText(/too many|proof of work/i)).not.toBeInTheDocument()
  })
})
