/**
 * The plain text of a raw message (RFC 5322, as nodemailer writes it to an SMTP server or an
 * `.eml` file): its text/plain part, decoded from quoted-printable or base64. For tests that follow
 * a link a mail carries (a password reset's).
 */
export function plainText(raw: string): string {
  for (const part of raw.split(/\r?\n--[^\r\n]*\r?\n/)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/)
    if (!/^Content-Type:\s*text\/plain/im.test(head)) continue
    const body = rest.join('\n\n')
    const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase()
    if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8')
    if (encoding !== 'quoted-printable') return body
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  throw new Error('the message has no text/plain part')
}

/** The address of the reset link a mail's text carries, and its token. */
export function resetLinkIn(text: string): { url: string; token: string } {
  const match = /(\S+\/reset-password\?token=([\w-]+))/.exec(text)
  if (!match?.[1] || !match[2]) throw new Error(`no reset link in: ${text}`)
  return { url: match[1], token: match[2] }
}
