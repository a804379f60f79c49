import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { e2eServerEnv } from './e2e/support/server-env.ts'

/** A free port, found once per run (the config is evaluated in each worker, so it is passed on in env). */
function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString()
}

process.env.E2E_PORT ??= freePort()
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'meridian-e2e-'))
const port = process.env.E2E_PORT
const baseURL = `http://localhost:${port}`

/**
 * End-to-end journeys against `npm start` (the built app and the real catalogue server) in Debian's
 * Chromium: never a browser downloaded by Playwright. Set CHROMIUM_PATH to use another binary.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // Visual baselines (visual.spec.ts), made with Debian's Chromium on Linux.
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  use: {
    baseURL,
    // A failed test keeps its screenshot, its page's ARIA snapshot and a trace of its actions. The
    // trace's DOM snapshots, network and screencast made every test about a third slower, so they
    // are left to `--trace on`, for chasing a failure (docs/testing.md).
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          // Without these, Chromium tries to reach Google's services at start, which this sandbox refuses.
          args: [
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--disable-quic',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'npm start',
    // The project's root, also when another config (e2e/shots.config.ts) extends this one.
    cwd: import.meta.dirname,
    url: `${baseURL}/api/health`,
    // A line per request would bury the run's own output: the server says only what went wrong.
    env: { PORT: port, DATA_DIR: process.env.E2E_DATA_DIR, ...e2eServerEnv },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
  },
})
