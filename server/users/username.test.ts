import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { newUserSchema, PASSWORD_MESSAGES, userChangesSchema } from './user.schema.ts'
import { hasUnseenCharacters, UNSEEN_MESSAGE, usernameKey } from './username.ts'

/** decisions.md § Accounts and sessions: user names as people read them, and the password rule. */
const registration = (fields: Record<string, unknown>) =>
  v.safeParse(newUserSchema, {
    username: 'kofi',
    email: 'kofi@example.com',
    firstName: 'Kofi',
    lastName: 'Mensah',
    password: 'pass-word1',
    ...fields,
  })
const messageOf = (fields: Record<string, unknown>) => registration(fields).issues?.[0]?.message

describe('user names', () => {
  it('are one name whatever their case, width or accents', () => {
    const key = usernameKey('emilys')
    for (const lookAlike of [
      'EMILYS',
      '\uFF45\uFF4D\uFF49\uFF4C\uFF59\uFF53',
      'émilys',
      'emilys\u0307',
      '  emilys ',
    ])
      expect(usernameKey(lookAlike), lookAlike).toBe(key)
    expect(usernameKey('straße')).toBe(usernameKey('STRASSE'))
    expect(usernameKey('emily')).not.toBe(key)
  })

  it('are kept in their NFKC form', () => {
    const parsed = registration({ username: ' \uFF45\uFF4D\uFF49\uFF4C\uFF59 ' })
    expect(parsed.success && parsed.output.username).toBe('emily')
  })

  it.each([
    ['a zero-width space', 'emilys\u200B'],
    ['a space', 'emily s'],
    ['a control character', 'emilys\u0007'],
    ['a right-to-left mark', '\u200Femilys'],
    ['a lone surrogate', 'emilys\uD800'],
    ['a private-use character', 'emilys\uE000'],
  ])('refuse %s with a clear message', (_, name) => {
    expect(hasUnseenCharacters(name)).toBe(true)
    expect(messageOf({ username: name })).toBe(UNSEEN_MESSAGE)
    expect(v.safeParse(userChangesSchema, { username: name }).issues?.[0]?.message).toBe(
      UNSEEN_MESSAGE,
    )
  })

  it('take letters of any script, digits and punctuation', () => {
    for (const name of ['kofi.mensah', 'ama_2', 'Zoë', 'ゆうき', 'o’brien'])
      expect(registration({ username: name }).success, name).toBe(true)
    expect(messageOf({ username: '\u0301\u0301' })).toBe(
      'Username must contain a letter or a digit',
    )
  })
})

describe('new passwords', () => {
  it.each([
    ['5 characters', 'ab1cd', PASSWORD_MESSAGES.length],
    ['21 characters', 'abcdefghij1234567890x', PASSWORD_MESSAGES.length],
    ['no digit', 'password', PASSWORD_MESSAGES.mix],
    ['no letter', '12345678', PASSWORD_MESSAGES.mix],
    ['one character', 'x', PASSWORD_MESSAGES.length],
  ])('refuse %s, at registration and on a change', (_, password, message) => {
    expect(messageOf({ password })).toBe(message)
    expect(v.safeParse(userChangesSchema, { password }).issues?.[0]?.message).toBe(message)
  })

  it('take 6 to 20 characters with a letter and a digit, special characters and spaces too', () => {
    for (const password of ['abc123', 'Sup3r$ecret Pw', 'ñandú-2024', '1a1a1a1a1a1a1a1a1a1a'])
      expect(registration({ password }).success, password).toBe(true)
  })
})
