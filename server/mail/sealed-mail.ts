import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import type { OutboxMessage, QueuedMessage, SealedMessage } from './outbox.ts'

/**
 * Mail that carries a secret (a password reset link) waits in the outbox sealed: its text and
 * HTML encrypted (AES-256-GCM, bound to the message's id) with a key of its own derived from the
 * token secret every replica shares, so the database, its backups and its logs never hold the
 * secret in the clear (decisions.md § Password reset). The mailer opens it as it sends it; a
 * message sealed before a rotation of JWT_SECRET opens with the accepted secrets.
 */

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

const keyOf = (secret: string) =>
  createHmac('sha256', secret).update('meridian sealed mail').digest()

export function mailSeal(secret: string, acceptedSecrets: readonly string[] = []) {
  const key = keyOf(secret)
  const keys = [key, ...acceptedSecrets.map(keyOf)]

  const openWith = (sealed: Buffer, id: string, candidate: Buffer) => {
    const decipher = createDecipheriv('aes-256-gcm', candidate, sealed.subarray(0, IV_BYTES))
    decipher.setAAD(Buffer.from(id))
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    const body = Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ])
    return JSON.parse(body.toString('utf8')) as Pick<OutboxMessage, 'text' | 'html'>
  }

  return {
    /** The message with its text and HTML sealed; its id, recipient and subject as they are. */
    seal: ({ id, to, subject, text, html }: OutboxMessage): SealedMessage => {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(id))
      const body = Buffer.concat([cipher.update(JSON.stringify({ text, html })), cipher.final()])
      const sealed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
      return { id, to, subject, sealed: `${VERSION}.${sealed}` }
    },

    /** The message as it is sent: a sealed one opened; throws when no key opens it. */
    open: (message: QueuedMessage): OutboxMessage => {
      if (!('sealed' in message)) return message
      const { sealed, ...fields } = message
      const [version, data = ''] = sealed.split('.')
      if (version === VERSION) {
        const bytes = Buffer.from(data, 'base64url')
        for (const candidate of keys) {
          try {
            return { ...fields, ...openWith(bytes, message.id, candidate) }
          } catch {
            // Another key, or none.
          }
        }
      }
      throw new Error('a sealed message no key of this server opens')
    },
  }
}

export type MailSeal = ReturnType<typeof mailSeal>

/** For a mailer without keys: only messages in the clear can be sent. */
export function openUnsealed(message: QueuedMessage): OutboxMessage {
  if ('sealed' in message) throw new Error('a sealed message, and no key to open it')
  return message
}
