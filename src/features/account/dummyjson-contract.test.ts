import { describe, expect, it } from 'vitest'
import loginEmilys from '../../../testing/dummyjson/recorded/login-emilys.json'
import loginInvalid from '../../../testing/dummyjson/recorded/login-invalid.json'
import user1Put from '../../../testing/dummyjson/recorded/user-1-put.json'
import user1 from '../../../testing/dummyjson/recorded/user-1.json'
import user209Put from '../../../testing/dummyjson/recorded/user-209-put.json'
import usersAdd from '../../../testing/dummyjson/recorded/users-add.json'
import { errorMessages } from '../../lib/api-error.ts'
import { accountMessages } from '../../lib/page-messages.ts'
import {
  only,
  parsed,
  recorded,
  recordedError,
  rejection,
  sentRequest,
  serve,
} from '../../test/recorded-api.ts'
import * as account from './account.api.ts'

/*
 * The SPA's own API layer against RECORDED answers of the public DummyJSON API
 * (testing/dummyjson/recorded, README there): each test serves the answer recorded for the request
 * the SPA makes, then checks both that request and what the fetcher makes of the answer. Only the
 * network is replaced.
 */

/** The storefront's session length is its own choice: any number (checked against DummyJSON's range). */
const anyNumber: unknown = expect.any(Number)

/** The login request the SPA sends for these credentials. */
const loginRequest = (username: string, password: string) =>
  sentRequest({
    method: 'POST',
    path: '/api/auth/login',
    contentType: 'application/json',
    body: { username, password, expiresInMins: anyNumber },
  })

describe('sign-in', () => {
  it('login(emilys): POST auth/login with username, password, expiresInMins → the LoginResponse', async () => {
    const sent = serve('post', 'auth/login', recorded(loginEmilys))

    const session = await parsed(account.login({ username: 'emilys', password: 'emilyspass' }))

    expect(sent).toEqual([loginRequest('emilys', 'emilyspass')])
    // DummyJSON refuses a token lifetime outside 1 minute to 30 days (maxTokenExpireMins).
    const { expiresInMins } = only(sent).body as { expiresInMins: number }
    expect(expiresInMins).toBeGreaterThanOrEqual(1)
    expect(expiresInMins).toBeLessThanOrEqual(30 * 24 * 60)
    expect(session).toEqual({
      accessToken: loginEmilys.accessToken,
      refreshToken: loginEmilys.refreshToken,
      id: 1,
      username: 'emilys',
      email: 'emily.johnson@x.dummyjson.com',
      firstName: 'Emily',
      lastName: 'Johnson',
      gender: 'female',
      image: 'https://dummyjson.com/icon/emilys/128',
    })
  })

  it('wrong credentials: the recorded 400 → "Invalid credentials", and passwordMatches() → false', async () => {
    const sent = serve('post', 'auth/login', recordedError(loginInvalid))

    const error = await rejection(account.login({ username: 'annlee', password: 'Secret#123' }))

    expect(sent).toEqual([loginRequest('annlee', 'Secret#123')])
    expect(error.status).toBe(400)
    expect(error.message).toBe('Invalid credentials')
    expect(errorMessages(error)).toEqual(['Invalid credentials'])
    await expect(account.passwordMatches('annlee', 'Secret#123')).resolves.toBe(false)
    expect(sent).toHaveLength(2)
  })
})

describe('registration', () => {
  /** The registration the recording made (README: POST /users/add). */
  const annLee: account.RegistrationPayload = {
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    username: 'annlee',
    userName: 'annlee',
    password: 'Secret#123',
    phone: '+1 555 0100',
    birthDate: '1990-01-01',
    gender: 'female',
    country: 'US',
    address: { postalCode: '12345' },
  }

  it('register(payload): POST users/add with the spec’s fields plus username → the new user, id 209', async () => {
    // DummyJSON answers users/add with 201 Created.
    const sent = serve('post', 'users/add', recorded(usersAdd, 201))

    const user = await parsed(account.register(annLee))

    expect(sent).toEqual([
      sentRequest({
        method: 'POST',
        path: '/api/users/add',
        contentType: 'application/json',
        body: annLee,
      }),
    ])
    // `userName` is the spec's (rules.md § Data and reference lists); DummyJSON reads `username`: both are sent.
    expect(Object.keys(only(sent).body as object).sort()).toEqual([
      'address',
      'birthDate',
      'country',
      'email',
      'firstName',
      'gender',
      'lastName',
      'password',
      'phone',
      'userName',
      'username',
    ])
    expect(user).toEqual({
      id: 209,
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '+1 555 0100',
      username: 'annlee',
      birthDate: '1990-01-01',
      gender: 'female',
      image: '',
    })
  })
})

describe('profile', () => {
  const token = loginEmilys.accessToken
  /** The profile save the SPA sends for user `id`, with the session's token. */
  const putUserRequest = (id: number, body: unknown) =>
    sentRequest({
      method: 'PUT',
      path: `/api/users/${id}`,
      contentType: 'application/json',
      authorization: `Bearer ${token}`,
      body,
    })
  /**
   * the full save of rules.md § API calls; every field but firstName keeps Emily's value, so DummyJSON's answer
   * (updateUserById defaults each absent field to the stored one) is the one recorded for
   * `{"firstName":"Changed"}`.
   */
  const changes: account.ProfileChanges = {
    firstName: 'Changed',
    lastName: 'Johnson',
    email: 'emily.johnson@x.dummyjson.com',
    phone: '+81 965-431-3024',
    birthDate: '1996-5-30',
    gender: 'female',
    password: 'emilyspass',
    // ours: a new password carries the current one (decisions.md § Accounts and sessions);
    // DummyJSON ignores what it does not store.
    currentPassword: 'emilyspass',
  }
  const emily = {
    id: 1,
    firstName: 'Emily',
    lastName: 'Johnson',
    email: 'emily.johnson@x.dummyjson.com',
    phone: '+81 965-431-3024',
    username: 'emilys',
    birthDate: '1996-5-30',
    gender: 'female',
    image: 'https://dummyjson.com/icon/emilys/128',
  }

  it('fetchUser(1, token): GET users/1 with the bearer token → the user, without the password DummyJSON sends', async () => {
    const sent = serve('get', 'users/1', recorded(user1))

    const user = await parsed(account.fetchUser(1, token))

    expect(sent).toEqual([
      sentRequest({ method: 'GET', path: '/api/users/1', authorization: `Bearer ${token}` }),
    ])
    expect(user).toEqual(emily)
    expect(user).not.toHaveProperty('password')
  })

  it('updateUser(1, token, changes): PUT users/1 with the profile fields → the updated user', async () => {
    const sent = serve('put', 'users/1', recorded(user1Put))

    const user = await parsed(account.updateUser(1, token, changes))

    expect(sent).toEqual([putUserRequest(1, changes)])
    expect(Object.keys(only(sent).body as object).sort()).toEqual([
      'birthDate',
      'currentPassword',
      'email',
      'firstName',
      'gender',
      'lastName',
      'password',
      'phone',
    ])
    expect(user).toEqual({ ...emily, firstName: 'Changed' })
  })

  it('updateUser(209, …): the recorded 404 for a user DummyJSON never stored → ApiError with its message', async () => {
    const sent = serve('put', 'users/209', recordedError(user209Put))

    const annChanges = { ...changes, firstName: 'Ann' }
    const error = await rejection(account.updateUser(209, token, annChanges))

    expect(sent).toEqual([putUserRequest(209, annChanges)])
    expect(error.status).toBe(404)
    expect(error.message).toBe("User with id '209' not found")
    expect(errorMessages(error)).toEqual(["User with id '209' not found"])
  })
  it('saveProfile: DummyJSON answers the save and keeps nothing, so the shopper is told, and nothing counts as saved', async () => {
    const put = serve('put', 'users/1', recorded(user1Put))
    const get = serve('get', 'users/1', recorded(user1))

    const error = await rejection(account.saveProfile(emily, (call) => call(token), changes))

    expect(put).toHaveLength(1)
    expect(get).toHaveLength(1)
    expect(error.failure).toEqual({ kind: 'not-kept' })
    expect(errorMessages(error)).toEqual([accountMessages.profileNotKept])
  })
})
