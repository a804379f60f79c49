// In the browser's entry (main.tsx): a few lines of their own, with no imports.

/** The page a reset link opens (rules.md § Password reset). */
export const RESET_PASSWORD_PATH = '/reset-password'

let kept: string | undefined

/**
 * Takes the token out of a reset link's address as the app starts, before its router reads the
 * address (rules.md § Password reset; decisions.md § Password reset): the address becomes
 * `/reset-password` at once (history.replaceState), so the token is in none of what the app keeps
 * of an address (the router's state, its scroll positions in sessionStorage), nor in a later
 * Referer, the history or the telemetry. The page reads it from here, in memory only.
 */
export function keepResetToken(): void {
  const search = new URLSearchParams(location.search)
  const path = location.pathname.replace(/\/+$/, '')
  kept = (path === RESET_PASSWORD_PATH && search.get('token')) || undefined
  if (!kept) return
  search.delete('token')
  const rest = search.size > 0 ? `?${search}` : ''
  history.replaceState(history.state, '', `${RESET_PASSWORD_PATH}${rest}${location.hash}`)
}

/** The token this page was opened with, if any. */
export const resetToken = (): string | undefined => kept

/** Forgets the token: it was spent. */
export function forgetResetToken(): void {
  kept = undefined
}
