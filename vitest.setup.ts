import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { apiServer, resetTestApi } from './src/test/api-server.ts'
import { installMatchMedia, resetMediaEnvironment } from './src/test/match-media.ts'

installMatchMedia()
// jsdom does not scroll; the router's scroll restoration calls these.
window.scrollTo = () => undefined
Element.prototype.scrollTo = () => undefined
Element.prototype.scrollIntoView = () => undefined

beforeAll(() => apiServer.listen({ onUnhandledFrame: 'error' }))
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
