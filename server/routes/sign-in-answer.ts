import type { Context } from 'hono'
import type { SessionRecord, Sessions } from '../auth/sessions.ts'
import type { TokenService } from '../auth/tokens.ts'
import type { Clock } from '../clock.ts'
import type { PublicUser } from '../users/public-user.ts'
import type { UserRecord } from '../users/user-store.ts'

export interface SignInAnswerDeps {
  tokens: TokenService
  sessions: Sessions
  clock: Clock
  present: (user: UserRecord, c: Context) => PublicUser
}

/** What a sign-in answers: auth/login's, and a password reset's (rules.md § Password reset). */
export function signInAnswers({ tokens, sessions, clock, present }: SignInAnswerDeps) {
  /**
   * A session's tokens: an access token for `minutes` and a refresh token (its current id), neither
   * outliving the session, whose end a refresh never moves.
   */
  const tokensOf = (user: UserRecord, session: SessionRecord, minutes: number) => {
    const end = Math.floor(session.expiresAt / 1000)
    const now = Math.floor(clock.now() / 1000)
    return {
      accessToken: tokens.sign(
        { user, sid: session.id },
        'access',
        Math.min(now + minutes * 60, end),
      ),
      refreshToken: tokens.sign({ user, sid: session.id, jti: session.refreshId }, 'refresh', end),
    }
  }

  /** Opens a session for `user`: it, and the answer (its tokens and the user's summary). */
  const signIn = async (user: UserRecord, c: Context, minutes: number) => {
    const session = await sessions.open(user.id)
    const { id, email, firstName, lastName, gender, image } = present(user, c)
    return {
      session,
      answer: {
        ...tokensOf(user, session, minutes),
        id,
        username: user.username,
        email,
        firstName,
        lastName,
        gender,
        image,
      },
    }
  }

  return { tokensOf, signIn }
}
