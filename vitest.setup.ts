import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import { apiServer, resetTestApi, warmUp } from './src/test/api-server.ts'
import { installMatchMedia, resetMediaEnvironment } from './src/test/match-media.ts'

installMatchMedia()

/**
 * How long a findBy or waitFor waits for what it looks for before failing: 5 s, not Testing
 * Library's 1 s. A wait asserts what appears, never how fast (speed is for the benchmarks): a
 * sorted list of 30 cards renders in about 0.35 s in jsdom here, and over 1 s with a second
 * `npm test` on the machine's two cores (docs/testing.md § A busy machine).
 */
configure({ asyncUtilTimeout: 5_000 })
// jsdom does not scroll; the router's scroll restoration calls these.
window.scrollTo = () => undefined
Element.prototype.scrollTo = () => undefined
Element.prototype.scrollIntoView = () => undefined
// jsdom does not hide a closed <details>' content as browsers do (the header's menus are such).
const closedDetails = document.createElement('style')
closedDetails.textContent = 'details:not([open]) > :not(summary) { display: none }'
document.head.append(closedDetails)
// jsdom has <dialog> but not its methods. These open and close it, and answer Escape in a modal
// one with its cancelable `cancel` event, as browsers do; focus kept inside and the page made inert
// are the browser's, tested in Chromium (e2e account.spec.ts).
const escapeListeners = new WeakMap<HTMLDialogElement, (event: KeyboardEvent) => void>()
HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
  this.setAttribute('open', '')
  const onEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    if (this.dispatchEvent(new Event('cancel', { cancelable: true }))) this.close()
  }
  escapeListeners.set(this, onEscape)
  document.addEventListener('keydown', onEscape)
}
HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
  this.removeAttribute('open')
  const onEscape = escapeListeners.get(this)
  if (onEscape) document.removeEventListener('keydown', onEscape)
}

beforeAll(async () => {
  apiServer.listen({ onUnhandledFrame: 'error' })
  // A component test (.tsx) renders the app against the API: their code loaded before its first test.
  if (expect.getState().testPath?.endsWith('.tsx')) await warmUp()
})
beforeEach(async () => {
  localStorage.clear()
  sessionStorage.clear()
  document.documentElement.className = ''
  await resetTestApi()
})
afterEach(() => {
  cleanup()
  apiServer.resetHandlers()
  resetMediaEnvironment()
})
afterAll(() => apiServer.close())
