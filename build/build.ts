/**
 * `npm run build`: the builds of the storefront, into DIST_DIR (default dist/):
 * - client/: what browsers load (the app's code and styles, the offline shell, the service
 *   worker, icons), and in client/.vite/ the records the server reads (the router's manifest);
 * - the back office (vite.admin.config.ts), into the same client/ after it: client/admin/index.html
 *   and its own files under assets/;
 * - server/: the server's entry (src/entry-server.tsx), which renders each page's first view.
 * All share one BUILD_ID (it names the caches that a new build must not read), made here once
 * unless it is set. Extra arguments go to every `vite build`.
 */
import { spawnSync } from 'node:child_process'

const env = { ...process.env, BUILD_ID: process.env.BUILD_ID || Date.now().toString(36) }
const extra = process.argv.slice(2)
for (const args of [[], ['--config', 'vite.admin.config.ts'], ['--ssr', 'src/entry-server.tsx']]) {
  const { status } = spawnSync('npx', ['vite', 'build', ...args, ...extra], {
    stdio: 'inherit',
    env,
  })
  if (status !== 0) process.exit(status ?? 1)
}
