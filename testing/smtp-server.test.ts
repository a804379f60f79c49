import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { startSmtpServer, type TestSmtpServer } from './smtp-server.ts'

/** The server's next whole reply: up to its last line, `250 …` (a line before it is `250-…`). */
function reply(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = ''
    const read = (chunk: Buffer) => {
      text += chunk.toString()
      if (!/^\d{3} .*\r\n$/m.test(text)) return
      socket.off('data', read)
      resolve(text)
    }
    socket.on('data', read)
  })
}

/** Sends one command and resolves with the server's reply to it. */
function say(socket: Socket, line: string): Promise<string> {
  const answered = reply(socket)
  socket.write(`${line}\r\n`)
  return answered
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
    expect(await reply(socket)).toMatch(/^220/) // the greeting
    expect(await say(socket, 'EHLO killed.test')).toMatch(/^250/)
    expect(await say(socket, 'MAIL FROM:<shop@meridian.test>')).toMatch(/^250/)
    socket.resetAndDestroy()

    await expect
      .poll(() => smtp?.errors.map((error) => (error as { code?: string }).code))
      .toEqual(['ECONNRESET'])
    // And it still takes the next sender's mail.
    const next = connect(Number(port), '127.0.0.1')
    expect(await reply(next)).toMatch(/^220/)
    expect(await say(next, 'EHLO next.test')).toMatch(/^250/)
    next.end('QUIT\r\n')
  })
})
