import { spawn } from 'node:child_process'
import { ALLOCATOR_SETTINGS } from './allocator.ts'

/**
 * `npm start`'s entry: the server (main.ts) with its allocator settings (allocator.ts). glibc reads
 * them only as a process starts, so without them the server starts as a process of its own; with
 * them (set by a container's environment, say) it runs in this one.
 */
const missing = Object.entries(ALLOCATOR_SETTINGS).filter(([name]) => !process.env[name])
if (missing.length === 0) {
  await import('./main.ts')
} else {
  const server = spawn(
    process.execPath,
    [...process.execArgv, new URL('./main.ts', import.meta.url).pathname],
    { env: { ...process.env, ...Object.fromEntries(missing) }, stdio: 'inherit' },
  )
  // Ctrl-C reaches both processes; a signal sent to this one alone is passed on.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal))
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}
