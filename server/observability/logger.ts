import { hostname } from 'node:os'
import { pino, type DestinationStream, type Logger } from 'pino'

export type { Logger } from 'pino'

/** This process among the replicas behind a balancer: REPLICA_ID, else host name and process id. */
export const defaultReplicaId = () => `${hostname()}-${process.pid}`

/**
 * What is never written: passwords, tokens and card details, where code logs them as fields, and
 * bodies or headers, whole. Request lines name none of them anyway (request-log.ts). Serializers,
 * not pino's `redact`: its wildcard paths measured 30-60 µs on every line, a third of a catalogue
 * request's time.
 */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'token',
  'accessToken',
  'refreshToken',
  'authorization',
  'cookie',
  'cardNumber',
  'cvv',
  'pin',
]
const hidden = (label: string) => () => label
const SERIALIZERS: Record<string, (value: unknown) => unknown> = {
  ...Object.fromEntries(SECRET_KEYS.map((key) => [key, hidden('[redacted]')])),
  body: hidden('[body not logged]'),
  headers: hidden('[headers not logged]'),
}

export interface LoggerOptions {
  /** LOG_LEVEL: trace, debug, info (default), warn, error, fatal or silent. */
  level?: string
  replica?: string
  /**
   * Where lines go: standard output by default, written asynchronously (a slow reader of the
   * output, a full pipe, never holds up a request; `flushLogs` before exiting); pino-pretty in
   * development (build/dev-plugin.ts).
   */
  destination?: DestinationStream
}

/**
 * The server's logger: one JSON object per line, with the time (ms since the epoch, pino's own:
 * an ISO date costs every line a Date), the level's name and the replica.
 */
export function createLogger({
  level = 'info',
  replica = defaultReplicaId(),
  destination,
}: LoggerOptions = {}): Logger {
  return pino(
    {
      level,
      base: { replica },
      formatters: { level: (label) => ({ level: label }) },
      serializers: { ...SERIALIZERS, err: pino.stdSerializers.err },
    },
    destination ?? (level === 'silent' ? { write: () => undefined } : standardOutput()),
  )
}

let fallback: Logger | undefined
/** One logger at `info` on standard output, for code that was handed none. */
export const fallbackLogger = (): Logger => (fallback ??= createLogger())

/** How long a line may wait in the buffer when the server is quiet. */
const FLUSH_EVERY_MS = 1000

/**
 * Standard output, written asynchronously in batches of 4 KB (a write call per line measured
 * ~30 µs of a request's time under load), and at least once a second.
 */
function standardOutput(): DestinationStream {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 })
  setInterval(() => stream.flush(), FLUSH_EVERY_MS).unref()
  return stream
}

/** Writes out what the logger holds, then calls `done`: before the process exits. */
export function flushLogs(logger: Logger, done: () => void): void {
  logger.flush(() => done())
}
