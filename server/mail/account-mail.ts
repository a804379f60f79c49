import { randomBytes } from 'node:crypto'
import type { OutboxMessage } from './outbox.ts'
import { escapeHtml } from './order-mail.ts'

export interface EmailChangedInput {
  /** The address the account had: the mail goes there, not to the new one. */
  to: string
  /** The account's first name, for the greeting. */
  firstName: string
  /** The account's new address, as the shopper typed it. */
  newEmail: string
}

/**
 * The mail to an account's old address when its email changes (rules.md § My account, the email):
 * whoever had only a stolen session could otherwise move the account's mail, and with it its
 * password resets, away from its owner unseen. It says what changed and how to get help; it holds
 * nothing that opens the account.
 */
export function emailChangedMail(
  { to, firstName, newEmail }: EmailChangedInput,
  { brand }: { brand: string },
): OutboxMessage {
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,'
  const changed = `The email address of your ${brand} account was changed to ${newEmail}. Mail about your account and your orders goes there from now on.`
  const you = 'If you made this change, there is nothing more to do.'
  const help = `If you did not, someone else may know your password: reply to this mail and we will help you take the account back. Change the password of any other account that uses the same one.`
  const text = [greeting, '', changed, '', you, help, '', brand].join('\n')
  const html = `<!DOCTYPE html><html><body style="font-family:sans-serif;color:#1a1a1a">
<h1 style="font-size:20px">Your ${escapeHtml(brand)} email address was changed</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(changed)}</p>
<p>${escapeHtml(you)}<br>${escapeHtml(help)}</p>
<p>${escapeHtml(brand)}</p>
</body></html>`
  return {
    id: `email-changed-${randomBytes(12).toString('base64url')}`,
    to,
    subject: `Your ${brand} email address was changed`,
    text,
    html,
  }
}
