import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import * as v from 'valibot'
import { bearerToken, jsonBody } from '../http/body.ts'
import { requireClient } from '../http/client-address.ts'
import type { Logger } from '../observability/logger.ts'
import { loggerOf, type RequestRecord } from '../observability/request-log.ts'
import { OPERATOR_TOKEN_PREFIX, type OperatorSessions } from '../operators/operator-sessions.ts'

const REQUIRED = 'Email and password required'

const signInSchema = v.object(
  {
    email: v.pipe(v.string(REQUIRED), v.trim(), v.nonEmpty(REQUIRED), v.maxLength(254)),
    password: v.pipe(v.string(REQUIRED), v.nonEmpty(REQUIRED), v.maxLength(128)),
    // The answer to a challenge, for an account under attack (auth/login-throttle.ts).
    proof: v.optional(
      v.object({
        challenge: v.pipe(v.string(), v.maxLength(512)),
        nonce: v.pipe(v.string(), v.maxLength(32)),
      }),
    ),
  },
  REQUIRED,
)

type Env = { Bindings: Partial<RequestRecord> }

/**
 * ours: an operator signs in and out (docs/api.md § Operator). POST answers a session's token,
 * GET who it is, DELETE ends it; the admin routes take the token as a bearer.
 */
export function operatorSessionRoutes({
  operators,
  logger,
}: {
  operators: OperatorSessions
  logger?: Logger
}) {
  const sessionOf = async (token: string | undefined) => {
    const session = token?.startsWith(OPERATOR_TOKEN_PREFIX) && (await operators.who(token))
    if (!session) throw new HTTPException(401, { message: 'No operator is signed in here' })
    return session
  }
  return new Hono<Env>()
    .post('/', jsonBody(signInSchema), async (c) => {
      const { email, password, proof } = c.req.valid('json')
      const signedIn = await operators.signIn({
        email,
        password,
        client: requireClient(c),
        ...(proof && { proof }),
      })
      loggerOf(c.env, logger).info({ operator: signedIn.email }, 'operator signed in')
      return c.json({ ...signedIn, expiresAt: new Date(signedIn.expiresAt).toISOString() })
    })
    .get('/', async (c) => {
      const { email } = await sessionOf(bearerToken(c))
      return c.json({ email })
    })
    .delete('/', async (c) => {
      const token = bearerToken(c)
      const { email } = await sessionOf(token)
      await operators.signOut(token!)
      loggerOf(c.env, logger).info({ operator: email }, 'operator signed out')
      return c.body(null, 204)
    })
}
