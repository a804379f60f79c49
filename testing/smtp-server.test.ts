import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { startSmtpServer, type TestSmtpServer } from './smtp-server.ts'

/** Sends one command and resolves with the server's next reply. */
function say(socket: Socket, line: string): Promise<string> {
  return new Promise((resolve) => {
    socket.once('data', (reply: Buffer) => resolve(reply.toString()))
    socket.write(`${line}\r\n`)
  })
}

describe('the test SMTP server', () => {
  let smtp: TestSmtpServer | undefined

  afterEach(async () => {
    await smtp?.stop()
  })

  it('outlives a sender reset in the middle of a message, as a replica killed with -9 is', async () => {
    smtp = await startSmtpServer()
    const { port } = new URL(smtp.url)
    const socket = connect(Number(port), '127.0.0.1')
    await new Promise((resolve) => socket.once('data', resolve)) // the greeting
    expect(await say(socket, 'EHLO killed.test')).toMatch(/^250/)
    expect(await say(socket, 'MAIL FROM:<shop@meridian.test>')).toMatch(/^250/)
    socket.resetAndDestroy()

    await expect
      .poll(() => smtp?.errors.map((error) => (error as { code?: string }).code))
      .toEqual(['ECONNRESET'])
    // And it still takes the next sender's mail.
    const next = connect(Number(port), '127.0.0.1')
    await new Promise((resolve) => next.once('data', resolve))
    expect(await say(next, 'EHLO next.test')).toMatch(/^250/)
    next.end('QUIT\r\n')
  })
})
