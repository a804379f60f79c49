import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setPrefersDark } from '../../test/match-media.ts'
import { renderApp } from '../../test/render-app.tsx'
import { THEME_STORAGE_KEY } from './theme.atoms.ts'
import THEME_SCRIPT from './theme.script.ts?inline-script'

const html = document.documentElement

describe('theme', () => {
  it('follows the system preference until the shopper chooses', async () => {
    setPrefersDark(true)
    await renderApp('/')
    expect(html.dataset.theme).toBe('dark')
    // The switch is in the footer, whose code loads after the page has painted.
    expect(await screen.findByRole('switch', { name: 'Dark theme' })).toBeChecked()
    act(() => setPrefersDark(false))
    expect(html.dataset.theme).toBe('light')
    expect(localStorage.getItem('theme')).toBeNull()
  })

  it('toggles from the footer and keeps the choice under "theme"', async () => {
    const { user } = await renderApp('/')
    const toggle = await screen.findByRole('switch', { name: 'Dark theme' })
    expect(toggle).not.toBeChecked()
    await user.click(toggle)
    expect(html.dataset.theme).toBe('dark')
    expect(html.style.colorScheme).toBe('dark')
    expect(localStorage.getItem('theme')).toBe('"dark"')
    // The choice now wins over the system preference.
    act(() => setPrefersDark(false))
    expect(html.dataset.theme).toBe('dark')
    await user.click(toggle)
    expect(localStorage.getItem('theme')).toBe('"light"')
  })

  it('restores a stored choice at start-up', async () => {
    localStorage.setItem('theme', '"dark"')
    await renderApp('/')
    expect(html.dataset.theme).toBe('dark')
  })

  it('resets a corrupted stored theme to the system preference', async () => {
    localStorage.setItem('theme', '"purple"')
    await renderApp('/')
    expect(html.dataset.theme).toBe('light')
    expect(localStorage.getItem('theme')).toBeNull()
  })

  describe('before the app runs, the inline script of every page (theme.script.ts)', () => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's own inline script, as the browser runs it
    const runThemeScript = new Function(THEME_SCRIPT) as () => void

    it.each([
      ['"dark"', false, 'dark'],
      ['"light"', true, 'light'],
      [null, true, 'dark'],
      [null, false, 'light'],
      ['"purple"', true, 'dark'],
      ['{not json', false, 'light'],
    ])('stored %s, system dark %s: %s', (stored, systemDark, theme) => {
      if (stored !== null) localStorage.setItem(THEME_STORAGE_KEY, stored)
      setPrefersDark(systemDark)
      runThemeScript()
      expect(html.dataset.theme).toBe(theme)
      expect(html.style.colorScheme).toBe(theme)
    })
  })
})
