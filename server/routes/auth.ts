import { Hono, type Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import * as v from 'valibot'
import type { Authenticate } from '../auth/authenticate.ts'
import type { PasswordCheck } from '../auth/password-check.ts'
import type { Sessions } from '../auth/sessions.ts'
import type { TokenService } from '../auth/tokens.ts'
import type { Clock } from '../clock.ts'
import { bearerToken, jsonBody } from '../http/body.ts'
import { requireClient } from '../http/client-address.ts'
import type { Metrics } from '../observability/metrics.ts'
import { loggerOf, type RequestRecord } from '../observability/request-log.ts'
import type { PublicUser } from '../users/public-user.ts'
import { signInAnswers } from './sign-in-answer.ts'
import type { UserRecord, UserStore } from '../users/user-store.ts'

export const expiresInMins = v.optional(
  v.pipe(
    v.number("Invalid 'expiresInMins' - must be a number"),
    v.integer("Invalid 'expiresInMins' - must be a whole number"),
    v.minValue(1, "Invalid 'expiresInMins' - must be from 1 to 43200"),
    v.maxValue(43_200, "Invalid 'expiresInMins' - must be from 1 to 43200"),
  ),
  60,
)

const REQUIRED = 'Username and password required'
const REFRESH_TOKEN_REQUIRED = 'Refresh token required'
const INVALID_REFRESH = 'Invalid refresh token'

/** ours: the answer to a challenge (auth/login-throttle.ts), for an account under attack. */
const proofSchema = v.optional(
  v.object({
    challenge: v.pipe(v.string(), v.maxLength(512)),
    nonce: v.pipe(v.string(), v.maxLength(32)),
  }),
)

/**
 * The contract checks a login in this order, each refusal a 400: both fields present (strings, the
 * username not blank), then their lengths (the username's before trimming), then expiresInMins.
 */
const loginSchema = v.pipe(
  v.looseObject(
    {
      username: v.pipe(
        v.string(REQUIRED),
        v.check((text) => text.trim() !== '', REQUIRED),
      ),
      password: v.pipe(v.string(REQUIRED), v.nonEmpty(REQUIRED)),
    },
    REQUIRED,
  ),
  v.check(
    ({ username, password }) => username.length <= 100 && password.length <= 128,
    'Invalid credentials',
  ),
  v.object({
    username: v.pipe(v.string(), v.trim()),
    password: v.string(),
    expiresInMins,
    proof: proofSchema,
  }),
)

/** A missing refresh token is a 401, checked before expiresInMins (400). */
const refreshSchema = v.object(
  {
    refreshToken: v.pipe(v.string(REFRESH_TOKEN_REQUIRED), v.nonEmpty(REFRESH_TOKEN_REQUIRED)),
    expiresInMins,
  },
  REFRESH_TOKEN_REQUIRED,
)

/** ours: sign-out names its session by its access token, its refresh token, or both. */
const logoutSchema = v.object({ refreshToken: v.optional(v.pipe(v.string(), v.maxLength(4096))) })

export interface AuthDeps {
  users: UserStore
  tokens: TokenService
  sessions: Sessions
  authenticate: Authenticate
  checkPassword: PasswordCheck
  clock: Clock
  present: (user: UserRecord, c: Context) => PublicUser
  metrics?: Pick<Metrics, 'sessionsEnded'>
}

type Env = { Bindings: Partial<RequestRecord> }

export function authRoutes({
  users,
  tokens,
  sessions,
  authenticate,
  checkPassword,
  clock,
  present,
  metrics,
}: AuthDeps) {
  const { tokensOf, signIn } = signInAnswers({ tokens, sessions, clock, present })

  return new Hono<Env>()
    .post('/login', jsonBody(loginSchema), async (c) => {
      const { username, password, expiresInMins: minutes, proof } = c.req.valid('json')
      const user = await checkPassword(
        { username, password, client: requireClient(c), proof },
        'Invalid credentials',
      )
      return c.json((await signIn(user, c, minutes)).answer)
    })
    .get('/me', async (c) => {
      const { claims } = await authenticate(c)
      const user = await users.findById(claims.sub)
      if (!user) throw new HTTPException(401, { message: 'Invalid/Expired Token!' })
      return c.json(present(user, c))
    })
    .post(
      '/refresh',
      jsonBody(refreshSchema, {
        statusOf: (message) => (message === REFRESH_TOKEN_REQUIRED ? 401 : 400),
      }),
      async (c) => {
        const { refreshToken, expiresInMins: minutes } = c.req.valid('json')
        const claims = tokens.verify(refreshToken, 'refresh')
        const user = claims && (await users.findById(claims.sub))
        if (!claims?.jti || !user) throw new HTTPException(403, { message: INVALID_REFRESH })
        // Rotation: this token is spent, the next one is the session's only valid one.
        const rotated = await sessions.rotate(claims.sid, claims.jti)
        if ('refused' in rotated) {
          if (rotated.refused === 'reused') {
            // Someone else has this session's tokens too: it is ended for both.
            metrics?.sessionsEnded.inc({ reason: 'refresh-reuse' })
            loggerOf(c.env).warn(
              { user: user.id },
              'a spent refresh token came back: session ended',
            )
          }
          throw new HTTPException(403, { message: INVALID_REFRESH })
        }
        return c.json(tokensOf(user, { ...rotated.session, refreshId: rotated.refreshId }, minutes))
      },
    )
    .post('/logout', jsonBody(logoutSchema), async (c) => {
      const { refreshToken } = c.req.valid('json')
      const access = bearerToken(c)
      if (!access && !refreshToken)
        throw new HTTPException(401, { message: 'Access Token is required' })
      // Either token names the session: a shopper whose access token expired still signs out.
      const claims =
        (access && tokens.verify(access, 'access')) ||
        (refreshToken && tokens.verify(refreshToken, 'refresh'))
      if (!claims) throw new HTTPException(401, { message: 'Invalid/Expired Token!' })
      await sessions.end(claims.sid)
      metrics?.sessionsEnded.inc({ reason: 'sign-out' })
      return c.body(null, 204)
    })
}
