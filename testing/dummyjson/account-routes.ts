import { Hono, type Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { DummyEnv } from './env.ts'
import { DummyJsonError, errorResponse, sendJson } from './http.ts'
import { signToken, verifyToken } from './jwt.ts'
import { selectKeys } from './list-options.ts'
import type { DummyUser } from './records.ts'
import { findUser, newUser, updatedUser } from './users.ts'

// 30 days: DummyJSON's longest access token and the life of every refresh token.
const MAX_TOKEN_MINUTES = 30 * 24 * 60

interface AccountDeps {
  user: DummyUser
  secret: string
}

const cookie = (name: string, value: string, maxAgeMs: number) =>
  `${name}=${value}; Max-Age=${Math.floor(maxAgeMs / 1000)}; Path=/; Expires=${new Date(Date.now() + maxAgeMs).toUTCString()}; HttpOnly; Secure`
const clearedCookie = (name: string) => `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`

/** `loginByUsernamePassword` (src/controllers/auth.js) with the recorded user as the only account. */
function login(c: Context<DummyEnv>, { user, secret }: AccountDeps) {
  const body = c.get('body') as Record<string, unknown>
  const { username, password, expiresInMins = 60 } = body
  if (!username || !password) throw new DummyJsonError(400, 'Username and password required')
  if (typeof username !== 'string') throw new DummyJsonError(400, 'Username is not valid')
  const minutes = Number(expiresInMins)
  if (expiresInMins && !(minutes >= 1 && minutes <= MAX_TOKEN_MINUTES))
    throw new DummyJsonError(
      500,
      `Maximum access token expire time can be ${MAX_TOKEN_MINUTES} minutes`,
    )
  if (user.username.toLowerCase() !== username.toLowerCase() || user.password !== password)
    throw new DummyJsonError(400, 'Invalid credentials')
  const { id, email, firstName, lastName, gender, image } = user
  const payload = { id, username: user.username, email, firstName, lastName, gender, image }
  const accessToken = signToken(payload, secret, minutes || MAX_TOKEN_MINUTES)
  const refreshToken = signToken(payload, secret, MAX_TOKEN_MINUTES)
  const maxAge = minutes * 60 * 1000
  c.header('Set-Cookie', cookie('accessToken', accessToken, maxAge), { append: true })
  c.header('Set-Cookie', cookie('refreshToken', refreshToken, maxAge), { append: true })
  return sendJson(c, { accessToken, refreshToken, ...payload })
}

/** The `authUser` middleware and `/me`: the bearer token (or cookie) names the user. */
function me(c: Context<DummyEnv>, { user, secret }: AccountDeps) {
  try {
    const token = c.req.header('Authorization') || getCookie(c, 'accessToken')
    if (!token) throw new DummyJsonError(401, 'Access Token is required')
    const decoded = verifyToken(token.replace('Bearer ', ''), secret) as {
      username: string
      id: unknown
    }
    // As `findUserWithUsernameAndId`: a token without these fields is its TypeError (500).
    const sameName = user.username.toLowerCase() === decoded.username.toLowerCase()
    const sameId = (decoded.id as { toString(): string }).toString() === String(user.id)
    if (!sameName || !sameId) throw new DummyJsonError(400, 'Invalid access token')
    return sendJson(c, user)
  } catch (error) {
    c.header('Set-Cookie', clearedCookie('accessToken'), { append: true })
    c.header('Set-Cookie', clearedCookie('refreshToken'), { append: true })
    return errorResponse(c, error)
  }
}

/** `/auth/login`, `/auth/me`. */
export const authRoutes = (deps: AccountDeps) =>
  new Hono<DummyEnv>().post('/login', (c) => login(c, deps)).get('/me', (c) => me(c, deps))

/**
 * DummyJSON's user routes for one user: writes answer what the real one answers and are not kept
 * (DummyJSON keeps nothing either), so a later GET or login sees the recorded user.
 */
export function userRoutes(deps: AccountDeps) {
  const update = (c: Context<DummyEnv>) => {
    const id = c.req.param('id') ?? ''
    return sendJson(c, updatedUser(findUser(deps.user, id), id, c.get('body')))
  }
  return new Hono<DummyEnv>()
    .post('/login', (c) => login(c, deps))
    .get('/me', (c) => me(c, deps))
    .get('/:id', (c) => {
      const found = findUser(deps.user, c.req.param('id'))
      return sendJson(c, selectKeys(found, c.get('options').select))
    })
    .post('/add', (c) => sendJson(c, newUser(c.get('body')), 201))
    .put('/:id', update)
    .patch('/:id', update)
}
