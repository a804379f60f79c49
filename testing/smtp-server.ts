import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  /** The whole message as it arrived (RFC 5322). */
  raw: string
  header(name: string): string | undefined
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string
  received: ReceivedMail[]
  /** Whether the next messages are refused (a 451: try again later), as a failing server would. */
  refusing: boolean
  /**
   * Whether the next messages are held unanswered once their data has arrived, as a server that
   * hangs would: the sender waits for an answer that never comes, and nothing is delivered.
   */
  stalling: boolean
  /** How many messages were held unanswered so far (`stalling`). */
  readonly stalled: number
  /**
   * The connection errors the server reported: a sender gone mid-message (killed with -9, its
   * socket reset) is one. A real server logs it and goes on; so does this one.
   */
  readonly errors: Error[]
  /** The Message-IDs of the messages received (each once per copy that arrived). */
  messageIds(): string[]
  stop(): Promise<void>
}

/** A header of a raw message, its folded lines unfolded. */
function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? ''
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ')
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)
  return match?.[1]?.trim()
}

/**
 * A real SMTP server in the test's process (the `smtp-server` package), on a free loopback port:
 * it takes every message (no authentication, no TLS) and keeps it, or refuses or holds them while
 * told to.
 */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = []
  const state = { refusing: false, stalling: false, stalled: 0 }
  const errors: Error[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk: string) => (raw += chunk))
      stream.on('end', () => {
        if (state.stalling) {
          // Never answered: the message is not taken (a sender that goes away has not sent it).
          state.stalled++
          return
        }
        if (state.refusing) {
          const refused = Object.assign(new Error('Try again later'), { responseCode: 451 })
          callback(refused)
          return
        }
        received.push({ raw, header: (name) => headerOf(raw, name) })
        callback()
      })
    },
  })
  // smtp-server emits a socket's error when it breaks a transaction (a reset after MAIL FROM):
  // unheard, the emitter throws it, and the test process dies of a sender's death.
  server.on('error', (error) => errors.push(error))
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: bound } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${bound}`,
    received,
    get refusing() {
      return state.refusing
    },
    set refusing(value: boolean) {
      state.refusing = value
    },
    get stalling() {
      return state.stalling
    },
    set stalling(value: boolean) {
      state.stalling = value
    },
    get stalled() {
      return state.stalled
    },
    errors,
    messageIds: () => received.map((mail) => mail.header('Message-ID') ?? ''),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
