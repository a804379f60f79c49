import { spawn, type ChildProcess } from 'node:child_process'
import { ALLOCATOR_SETTINGS } from '../server/allocator.ts'

export interface ServerProcess {
  child: ChildProcess
  /** The storefront's base URL, once the server says it is listening. */
  url: Promise<string>
  /** The exit code, once the process has ended. */
  exited: Promise<number | null>
  /** Everything the server printed so far (stderr only when captured). */
  output: () => string
}

/** A module that sets a process's clock ahead (testing/clock-ahead.ts), for Node's `--import`. */
const CLOCK_AHEAD = new URL('./clock-ahead.ts', import.meta.url).href

/**
 * Starts the real server (`server/main.ts`, as `npm start` runs it) in its own process on a free
 * port. `env` is added to this process's environment; pass DATA_DIR to keep tests' users apart.
 * With `captureStderr` the server's errors go into `output()`, otherwise to this process's stderr.
 * `cwd` runs another checkout's server (with its own dist/), e.g. an earlier version to compare;
 * `entry` another entry (server/launch.ts, as `npm start` runs it). `clockAheadMs` runs it as if
 * that much later (testing/clock-ahead.ts): what waits for a time finds it come. `umask` starts it
 * under that file mode mask (a shell's `umask`), as a user's login would.
 */
export function startServerProcess(
  env: Record<string, string>,
  {
    captureStderr = false,
    cwd,
    entry = 'server/main.ts',
    clockAheadMs = 0,
    umask,
  }: {
    captureStderr?: boolean
    cwd?: string
    entry?: string
    clockAheadMs?: number
    umask?: number
  } = {},
): ServerProcess {
  const ahead = clockAheadMs > 0 ? ['--import', CLOCK_AHEAD] : []
  const node = [
    process.execPath,
    '--experimental-strip-types',
    '--experimental-sqlite',
    ...ahead,
    entry,
  ]
  // Through a shell that sets the mask, then becomes the server (exec): its pid is the server's.
  const [command = '', ...args] =
    umask === undefined
      ? node
      : ['/bin/sh', '-c', `umask ${umask.toString(8).padStart(3, '0')} && exec "$@"`, 'sh', ...node]
  const child = spawn(command, args, {
    cwd,
    // The allocator settings `npm start` gives it (server/launch.ts); another checkout's server
    // runs as its own `npm start` ran it.
    env: {
      ...process.env,
      PORT: '0',
      ...(cwd ? {} : ALLOCATOR_SETTINGS),
      ...(clockAheadMs > 0 && { MERIDIAN_CLOCK_AHEAD_MS: String(clockAheadMs) }),
      ...env,
    },
    stdio: ['ignore', 'pipe', captureStderr ? 'pipe' : 'inherit'],
  })
  let output = ''
  let listening = false
  const url = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      // Looked for until found: the server then logs a line per request, which must not cost
      // the load generator in this process a search of everything printed so far, each time.
      if (listening) return
      const match = /running at (http:\/\/\S+) /.exec(output)
      if (match?.[1]) {
        listening = true
        resolve(match[1])
      }
    })
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)))
  })
  // A caller that expects the server to refuse to start awaits `exited`, not `url`.
  url.catch(() => undefined)
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, url, exited, output: () => output }
}
