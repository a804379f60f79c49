import { describe, expect, it } from 'vitest'
import { TEST_SCRYPT } from '../../testing/test-api.ts'
import { hashPassword, MAX_CONCURRENT_HASHES, verifyPassword } from './password.ts'

describe('password hashing', () => {
  it('checks a password only against its own hash', async () => {
    const stored = await hashPassword('S3cret-pass', TEST_SCRYPT)
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/)
    expect(await verifyPassword('S3cret-pass', stored)).toBe(true)
    expect(await verifyPassword('S3cret-pasS', stored)).toBe(false)
    expect(await verifyPassword('S3cret-pass', 'not a hash')).toBe(false)
  })

  it('lets a sign-in go before the new passwords waiting for a slot (registrations)', async () => {
    const stored = await hashPassword('S3cret-pass', TEST_SCRYPT)
    const finished: string[] = []
    const waiting = 2 * MAX_CONCURRENT_HASHES + 4
    const registrations = Array.from({ length: MAX_CONCURRENT_HASHES + waiting }, (_, i) =>
      hashPassword(`pass-${i}`, TEST_SCRYPT).then(() => finished.push(`hash ${i}`)),
    )
    // Asked for last, behind every registration, as a sign-in during a burst of them would be.
    const signIn = verifyPassword('S3cret-pass', stored).then(() => finished.push('sign-in'))
    await Promise.all([...registrations, signIn])
    // First in line once a slot frees: done while registrations are still waiting.
    expect(finished.indexOf('sign-in')).toBeLessThanOrEqual(2 * MAX_CONCURRENT_HASHES)
    expect(finished.indexOf('sign-in')).toBeLessThan(finished.length - 4)
  })

  it('still gives a new password a slot while sign-ins keep coming', async () => {
    const stored = await hashPassword('S3cret-pass', TEST_SCRYPT)
    const finished: string[] = []
    const busy = Array.from({ length: MAX_CONCURRENT_HASHES }, (_, i) =>
      verifyPassword(`busy-${i}`, stored),
    )
    // A registration waits among many sign-ins, all asked for while every slot is taken.
    const registration = hashPassword('new-pass1', TEST_SCRYPT).then(() =>
      finished.push('registration'),
    )
    const signIns = Array.from({ length: 12 + MAX_CONCURRENT_HASHES * 4 }, (_, i) =>
      verifyPassword(`guess-${i}`, stored).then(() => finished.push(`sign-in ${i}`)),
    )
    await Promise.all([...busy, registration, ...signIns])
    expect(finished.indexOf('registration')).toBeLessThan(finished.length - 8)
  })
})
