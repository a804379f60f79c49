import { loadEnv, type Plugin } from 'vite'
import { BUILD_ENV_FILE, type BuildEnv } from '../server/pages/build-env.ts'

/**
 * The public build-time variables (`VITE_*`, from the environment and .env files) for a mode; an
 * empty one counts as unset, as everywhere in this project's configuration.
 */
export function buildEnvironment(mode = 'production', root = process.cwd()): BuildEnv {
  return Object.fromEntries(
    Object.entries(loadEnv(mode, root, 'VITE_')).filter(([, value]) => value),
  )
}

/** Records in the build the `VITE_*` variables it was made with (see server/pages/build-env.ts). */
export function buildEnvPlugin(): Plugin {
  let env: BuildEnv = {}
  return {
    name: 'meridian-build-env',
    apply: (_, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      env = buildEnvironment(config.mode, config.envDir || config.root)
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: BUILD_ENV_FILE,
        source: `${JSON.stringify(env, null, 2)}\n`,
      })
    },
  }
}
