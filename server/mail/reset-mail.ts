import { randomBytes } from 'node:crypto'
import type { OutboxMessage } from './outbox.ts'
import { escapeHtml } from './order-mail.ts'

export interface ResetMailInput {
  to: string
  /** The account's first name, for the greeting; empty for none. */
  firstName: string
  /** The site's public origin: the link is `${origin}/reset-password?token=…`. */
  origin: string
  token: string
  /** How long the link works. */
  minutes: number
}

/** The page a reset link opens (rules.md § Password reset). */
export const resetLink = (origin: string, token: string) =>
  `${origin}/reset-password?token=${encodeURIComponent(token)}`

/**
 * The mail with a password reset link (rules.md § Password reset), in plain text and HTML. Its id
 * is random, not the token: it names the message in the log, its Message-ID and the outbox
 * folder's file. It is queued sealed (sealed-mail.ts): the link is a key to the account.
 */
export function passwordResetMail(
  { to, firstName, origin, token, minutes }: ResetMailInput,
  { brand }: { brand: string },
): OutboxMessage {
  const link = resetLink(origin, token)
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,'
  const asked = `Someone, we hope you, asked to reset the password of your ${brand} account.`
  const open = `To choose a new password, open this link within ${minutes} minutes:`
  const once = 'The link works once. Using it signs you out on every other device.'
  const ignore = 'If you did not ask, ignore this mail: your password stays as it is.'
  const text = [greeting, '', asked, open, '', link, '', once, ignore, '', brand].join('\n')
  const html = `<!DOCTYPE html><html><body style="font-family:sans-serif;color:#1a1a1a">
<h1 style="font-size:20px">Reset your ${escapeHtml(brand)} password</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(asked)}<br>${escapeHtml(open)}</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p style="font-size:13px;color:#555">Or copy this address into your browser: ${escapeHtml(link)}</p>
<p>${escapeHtml(once)}<br>${escapeHtml(ignore)}</p>
<p>${escapeHtml(brand)}</p>
</body></html>`
  return {
    id: `reset-${randomBytes(12).toString('base64url')}`,
    to,
    subject: `Reset your ${brand} password`,
    text,
    html,
  }
}
