import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

/**
 * What Vitest runs: the app's Vite config with its test projects (vite.config.ts, `test`), and on
 * top the settings below, which are about speed (docs/testing.md § How long it takes).
 */

/**
 * Projects whose test files share a worker's modules instead of loading them again each
 * (`isolate: false`): the server's tests, whose modules keep nothing a later file would see
 * (checked with the files in random order, docs/testing.md). The app's files (client, ssr) keep
 * modules of their own: the app keeps state in modules (the toasts, the code it has loaded, the
 * one HTTP client of a server's renders), and its tests assert what a page does the first time.
 */
const SHARING_MODULES = new Set(['server'])

export default defineConfig(async (env) => {
  const config = await viteConfig(env)
  const test = config.test ?? {}
  return {
    ...config,
    test: {
      ...test,
      // Vitest's default leaves a core unused (all but one): on two cores, one file at a time.
      maxWorkers: availableParallelism(),
      projects: test.projects?.map((project) =>
        typeof project === 'object' && SHARING_MODULES.has(project.test?.name ?? '')
          ? { ...project, test: { ...project.test, isolate: false } }
          : project,
      ),
    },
  }
})
