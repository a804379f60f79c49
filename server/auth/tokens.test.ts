import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../testing/manual-clock.ts'
import { signJwt } from './jwt.ts'
import { createTokenService } from './tokens.ts'

const [OLD, NEW, OTHER] = ['o'.repeat(32), 'n'.repeat(32), 'x'.repeat(32)]
const emily = { user: { id: 1, username: 'emilys' }, sid: 'session-1', jti: 'refresh-1' }
/** A token that expires `seconds` from the clock's now. */
const inSeconds = (clock: ManualClock, seconds: number) => Math.floor(clock.now() / 1000) + seconds

describe('rotating the signing secret (JWT_SECRET, JWT_ACCEPTED_SECRETS)', () => {
  it('accepts tokens signed with an accepted secret, and signs only with the current one', () => {
    const clock = new ManualClock()
    const before = createTokenService(OLD, clock)
    const during = createTokenService(NEW, clock, [OLD])
    const after = createTokenService(NEW, clock)

    const oldToken = before.sign(emily, 'access', inSeconds(clock, 60))
    expect(during.verify(oldToken, 'access')).toMatchObject({ sub: 1, username: 'emilys' })
    expect(after.verify(oldToken, 'access')).toBeUndefined()

    const newToken = during.sign(emily, 'refresh', inSeconds(clock, 60))
    expect(after.verify(newToken, 'refresh')).toMatchObject({ sub: 1 })
    expect(before.verify(newToken, 'refresh')).toBeUndefined()
    // A replica that accepts the new secret before any signs with it (the first step).
    expect(createTokenService(OLD, clock, [NEW]).verify(newToken, 'refresh')).toMatchObject({
      sub: 1,
    })
  })

  it('still rejects a token of any other secret, an expired one, and the other kind', () => {
    const clock = new ManualClock()
    const service = createTokenService(NEW, clock, [OLD])
    expect(
      service.verify(
        createTokenService(OTHER, clock).sign(emily, 'access', inSeconds(clock, 60)),
        'access',
      ),
    ).toBeUndefined()
    const token = createTokenService(OLD, clock).sign(emily, 'access', inSeconds(clock, 60))
    expect(service.verify(token, 'refresh')).toBeUndefined()
    clock.advance(60_000)
    expect(service.verify(token, 'access')).toBeUndefined()
  })
})

describe('what a token names', () => {
  it('is its session (and a refresh token its own id); a token of no session is taken by nothing', () => {
    const clock = new ManualClock()
    const service = createTokenService(NEW, clock)
    const refresh = service.sign(emily, 'refresh', inSeconds(clock, 60))
    expect(service.verify(refresh, 'refresh')).toMatchObject({ sid: 'session-1', jti: 'refresh-1' })
    const sessionless = signJwt(
      { sub: 1, username: 'emilys', typ: 'access', iat: 0, exp: inSeconds(clock, 60) },
      NEW,
    )
    expect(service.verify(sessionless, 'access')).toBeUndefined()
    const refreshWithoutId = service.sign(
      { ...emily, jti: undefined },
      'refresh',
      inSeconds(clock, 60),
    )
    expect(service.verify(refreshWithoutId, 'refresh')).toBeUndefined()
  })
})
