import { Hono, type Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import * as v from 'valibot'
import { type LoginThrottle } from '../auth/login-throttle.ts'
import { verifyPassword } from '../auth/password.ts'
import type { TokenService } from '../auth/tokens.ts'
import { bearerToken, jsonBody } from '../http/body.ts'
import type { UserRecord, UserStore } from '../users/user-store.ts'
import type { PublicUser } from '../users/public-user.ts'
import type { Metrics } from '../observability/metrics.ts'

const REFRESH_LIFETIME_S = 30 * 24 * 60 * 60

const expiresInMins = v.optional(
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
  v.object({ username: v.pipe(v.string(), v.trim()), password: v.string(), expiresInMins }),
)

/** A missing refresh token is a 401, checked before expiresInMins (400). */
const refreshSchema = v.object(
  {
    refreshToken: v.pipe(v.string(REFRESH_TOKEN_REQUIRED), v.nonEmpty(REFRESH_TOKEN_REQUIRED)),
    expiresInMins,
  },
  REFRESH_TOKEN_REQUIRED,
)

export interface AuthDeps {
  users: UserStore
  tokens: TokenService
  throttle: LoginThrottle
  present: (user: UserRecord, c: Context) => PublicUser
  /** A hash to verify against when the username is unknown, so timing does not reveal which names exist. */
  decoyHash: Promise<string>
  metrics?: Pick<Metrics, 'loginRefusals'>
}

export function authRoutes({ users, tokens, throttle, present, decoyHash, metrics }: AuthDeps) {
  const issue = (user: UserRecord, minutes: number) => ({
    accessToken: tokens.sign(user, 'access', minutes * 60),
    refreshToken: tokens.sign(user, 'refresh', REFRESH_LIFETIME_S),
  })

  return new Hono()
    .post('/login', jsonBody(loginSchema), async (c) => {
      const { username, password, expiresInMins: minutes } = c.req.valid('json')
      const waitMs = await throttle.begin(username)
      if (waitMs > 0) {
        metrics?.loginRefusals.inc()
        throw new HTTPException(429, {
          message: 'Too many failed login attempts, please try again later',
          res: new Response(null, {
            headers: {
              'Retry-After': String(Math.ceil(waitMs / 1000)),
            },
          }),
        })
      }
      // From here the attempt counts as a failure unless the password is right.
      const user = await users.findByUsername(username)
      const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash))
      if (!user || !valid) throw new HTTPException(400, { message: 'Invalid credentials' })
      await throttle.succeeded(username)
      const { id, email, firstName, lastName, gender, image } = present(user, c)
      return c.json({
        ...issue(user, minutes),
        id,
        username: user.username,
        email,
        firstName,
        lastName,
        gender,
        image,
      })
    })
    .get('/me', async (c) => {
      const token = bearerToken(c)
      if (!token) throw new HTTPException(401, { message: 'Access Token is required' })
      const claims = tokens.verify(token, 'access')
      const user = claims && (await users.findById(claims.sub))
      if (!user) throw new HTTPException(401, { message: 'Invalid/Expired Token!' })
      return c.json(present(user, c))
    })
    .post(
      '/refresh',
      jsonBody(refreshSchema, (message) => (message === REFRESH_TOKEN_REQUIRED ? 401 : 400)),
      async (c) => {
        const { refreshToken, expiresInMins: minutes } = c.req.valid('json')
        const claims = tokens.verify(refreshToken, 'refresh')
        const user = claims && (await users.findById(claims.sub))
        if (!user) throw new HTTPException(403, { message: 'Invalid refresh token' })
        return c.json(issue(user, minutes))
      },
    )
}
