import { Hono, type Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import type { TokenService } from '../auth/tokens.ts'
import { bearerToken, jsonBody } from '../http/body.ts'
import type { Accounts } from '../users/accounts.ts'
import type { PublicUser } from '../users/public-user.ts'
import { newUserSchema, userChangesSchema } from '../users/user.schema.ts'
import type { UserRecord, UserStore } from '../users/user-store.ts'

export interface UserRoutesDeps {
  users: UserStore
  accounts: Accounts
  tokens: TokenService
  present: (user: UserRecord, c: Context) => PublicUser
}

export function userRoutes({ users, accounts, tokens, present }: UserRoutesDeps) {
  /**
   * The user at `:id`, for its own token only. Checks run in the contract's order: a malformed id
   * (400), no or bad token (401), someone else's id (403, whether that user exists or not, so ids
   * cannot be enumerated); then the body's. Only a shopper whose own user is gone meets a 404.
   */
  const ownUser = createMiddleware<{ Variables: { user: UserRecord } }>(async (c, next) => {
    const raw = c.req.param('id') ?? ''
    if (!/^\d{1,15}$/.test(raw))
      throw new HTTPException(400, { message: `Invalid user id '${raw}'` })
    const token = bearerToken(c)
    if (!token) throw new HTTPException(401, { message: 'Access Token is required' })
    const claims = tokens.verify(token, 'access')
    if (!claims) throw new HTTPException(401, { message: 'Invalid/Expired Token!' })
    if (Number(raw) !== claims.sub)
      throw new HTTPException(403, { message: 'You may only access your own user' })
    const user = await users.findById(claims.sub)
    if (!user) throw new HTTPException(404, { message: `User with id '${raw}' not found` })
    c.set('user', user)
    await next()
  })

  return new Hono()
    .post('/add', jsonBody(newUserSchema), async (c) => {
      const user = await accounts.register(c.req.valid('json'))
      return c.json(present(user, c), 201)
    })
    .get('/:id', ownUser, (c) => c.json(present(c.var.user, c)))
    .on(['PUT', 'PATCH'], '/:id', ownUser, jsonBody(userChangesSchema), async (c) =>
      c.json(present(await accounts.update(c.var.user, c.req.valid('json')), c)),
    )
}
