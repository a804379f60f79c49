import { expect, test, type Page } from '@playwright/test'
import { hydrated } from './support/settle.ts'

const unique = Date.now().toString(36)
const shopper = {
  username: `e2e${unique}`,
  email: `e2e.${unique}@example.com`,
  firstName: 'Priya',
  lastName: 'Nair',
  password: 'First-pass1',
  newPassword: 'Second-pass2',
}

async function openAccountModal(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Account' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { level: 2 })).toBeVisible()
  return dialog
}

test('register → signed in → back → welcome → edit profile and password → sign out → sign in with the new password', async ({
  page,
}) => {
  // The longest journeys: about 40 steps and a dozen page loads, 20-25 s alone on the 2-core CI
  // machine and over 30 s when the other worker shares it (every step slower, none waiting on the
  // app: traces of both runs). Three times the usual time (Playwright's slow).
  test.slow()
  await page.goto('/products/sunglasses')
  const modal = await openAccountModal(page)
  await modal.getByRole('link', { name: 'create an account' }).click()
  await expect(page).toHaveURL(/\/userauth$/)

  const form = page.getByRole('form', { name: 'Create Your Account' })
  await form.getByLabel('Country').selectOption('India')
  await form.getByLabel('Email', { exact: true }).fill(shopper.email)
  await form.getByLabel('Confirm Email').fill(shopper.email)
  await form.getByLabel('User Name').fill(shopper.username)
  await form.getByLabel('First Name').fill(shopper.firstName)
  await form.getByLabel('Last Name').fill(shopper.lastName)
  await form.getByLabel('Password', { exact: true }).fill(shopper.password)
  await form.getByLabel('Confirm Password').fill(shopper.password)
  await form.getByRole('button', { name: 'Create Account' }).click()

  // Signed in automatically and back where they were.
  await expect(page).toHaveURL(/\/products\/sunglasses$/)
  const welcome = await openAccountModal(page)
  await expect(
    welcome.getByRole('heading', { name: `Welcome, ${shopper.firstName}` }),
  ).toBeVisible()
  await welcome.getByRole('link', { name: 'My Settings' }).click()

  // Edit the profile and the password.
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
  await page.getByRole('button', { name: 'Edit' }).click()
  const profile = page.getByRole('form', { name: 'Edit personal details' })
  await profile.getByLabel('First Name').fill('Priyanka')
  await profile.getByLabel('Mobile').fill('+91 98765 43210')
  await profile.getByLabel('Current Password').fill(shopper.password)
  await profile.getByLabel('Current Password').blur()
  await profile.getByLabel('New Password').fill(shopper.newPassword)
  await profile.getByLabel('Confirm Password').fill(shopper.newPassword)
  await profile.getByRole('button', { name: 'Save Changes' }).click()
  const details = page.getByRole('region', { name: 'Personal Details' })
  await expect(details.getByText('Priyanka')).toBeVisible()

  // Sign out, then the old password fails and the new one works.
  const menu = await openAccountModal(page)
  await expect(menu.getByRole('heading', { name: 'Welcome, Priyanka' })).toBeVisible()
  await menu.getByRole('button', { name: 'SignOut' }).click()
  await expect(page).toHaveURL(/\/$/)
  expect(await page.evaluate(() => localStorage.getItem('isUserLoggedIn'))).toBeNull()

  await page.goto('/myaccount')
  await expect(page).toHaveURL(/\/$/)

  await page.goto('/userauth')
  const signIn = page.getByRole('form', { name: 'Sign In' })
  await signIn.getByLabel('User Name').fill(shopper.username)
  await signIn.getByLabel('Password').fill(shopper.password)
  await signIn.getByRole('button', { name: 'Sign In' }).click()
  await expect(signIn.getByRole('alert')).toHaveText('Invalid credentials')
  await signIn.getByLabel('Password').fill(shopper.newPassword)
  await signIn.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).not.toHaveURL(/\/userauth$/)
  const back = await openAccountModal(page)
  await expect(back.getByRole('heading', { name: 'Welcome, Priyanka' })).toBeVisible()
})

test('the account modal is the browser’s modal dialog: focus stays in it, the page behind neither takes focus nor scrolls, Escape closes it and focus goes back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/products')
  await hydrated(page)
  const icon = page.getByRole('banner').getByRole('button', { name: 'Account' })
  const dialog = await openAccountModal(page)
  await expect(dialog.getByRole('link', { name: 'create an account' })).toBeFocused()
  const focusOutside = () =>
    page.evaluate(() => {
      const focused = document.activeElement
      // Past the dialog's last control the browser's own interface may have the focus (the body).
      return focused !== null && focused !== document.body && !focused.closest('dialog')
    })
  // More presses than the dialog has controls, both ways.
  for (const key of [...Array<string>(8).fill('Tab'), 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key)
    expect(await focusOutside(), `after ${key}`).toBe(false)
  }
  await page.mouse.move(640, 850)
  await page.mouse.wheel(0, 800)
  await page.waitForTimeout(300)
  expect(await page.evaluate(() => scrollY), 'the page behind does not scroll').toBe(0)

  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(icon).toBeFocused()
  await page.mouse.wheel(0, 800)
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0)
})
