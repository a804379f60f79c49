import { testApi } from './api-server.ts'

/**
 * Signs a shopper in the way the app stores a session (spec keys 'userDetails' and
 * 'isUserLoggedIn', plus 'accessToken' and 'refreshToken'), with real tokens from the test API.
 */
export async function seedSession(username = 'emilys', password = 'emilyspass') {
  const res = await testApi().call('/api/auth/login', { body: { username, password } })
  const body = (await res.json()) as {
    id: number
    firstName: string
    accessToken: string
    refreshToken: string
  }
  localStorage.setItem('userDetails', JSON.stringify({ userName: body.firstName, id: body.id }))
  localStorage.setItem('isUserLoggedIn', 'true')
  localStorage.setItem('accessToken', JSON.stringify(body.accessToken))
  localStorage.setItem('refreshToken', JSON.stringify(body.refreshToken))
  return body
}
