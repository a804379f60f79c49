import { defineConfig } from '@playwright/test'
import base from '../playwright.config.ts'

/** `npm run shots` (e2e/shots.ts): the browser tests' set-up, pictures instead of assertions. */
export default defineConfig(base, {
  testDir: '.',
  testMatch: 'shots.ts',
  retries: 0,
  reporter: [['list']],
})
