import autocannon, { type Options, type Result } from 'autocannon'
import { nthAddress } from './from-address.ts'

export const JSON_POST = {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
} as const
export const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' }

/** What shoppers read most: the first listing page, a category, a search, a product, a sorted page. */
export const CATALOGUE_REQUESTS: Options['requests'] = [
  { path: '/api/products?limit=30&skip=0' },
  { path: '/api/products/category/smartphones?limit=30' },
  { path: '/api/products/search?q=phone' },
  { path: '/api/products/1' },
  { path: '/api/products?limit=30&skip=60&sortBy=price&order=desc' },
]

/** The demo shopper's sign-in, again and again. */
export const LOGIN_BODY = JSON.stringify({ username: 'emilys', password: 'emilyspass' })

let registrations = 0

/**
 * Registrations, each of a new user (`load<pid>x<n>`, password `pass-word1`) by a shopper of its
 * own: from an address of its own as a proxy names it (`X-Forwarded-For`; the server runs with
 * TRUST_PROXY), since an address may register only a few accounts an hour.
 */
export const REGISTRATION_REQUESTS: Options['requests'] = [
  {
    setupRequest: (request) => {
      const n = registrations++
      const name = `load${process.pid}x${n}`
      return {
        ...request,
        headers: { ...request.headers, 'x-forwarded-for': nthAddress(n) },
        body: JSON.stringify({
          username: name,
          email: `${name}@example.com`,
          firstName: 'Lo',
          lastName: 'Ad',
          password: 'pass-word1',
        }),
      }
    },
  },
]

/** What a server under the mixed load is started with: behind a proxy, which names each shopper. */
export const MIXED_LOAD_ENV = { TRUST_PROXY: 'true' }

export interface MixedLoad {
  catalogue: Result
  logins: Result
  registrations: Result
}

/**
 * The API's three kinds of traffic at once, each on its own connections as browsers' would be:
 * 8 connections of catalogue reads, 2 of the demo shopper's logins, 2 of registrations (each a
 * new user, from an address of its own). Used by server/load.test.ts, server/replicas.test.ts
 * and `npm run bench:api`, against servers started with TRUST_PROXY=true (`MIXED_LOAD_ENV`).
 */
export async function mixedLoad(
  base: string,
  duration: number,
  connections = { catalogue: 8, logins: 2, registrations: 2 },
): Promise<MixedLoad> {
  const common: Partial<Options> = { duration, headers: BROWSER_ENCODING }
  const [catalogue, logins, signUps] = await Promise.all([
    autocannon({
      ...common,
      url: base,
      connections: connections.catalogue,
      requests: CATALOGUE_REQUESTS,
    }),
    autocannon({
      ...common,
      url: `${base}/api/auth/login`,
      connections: connections.logins,
      ...JSON_POST,
      body: LOGIN_BODY,
    }),
    autocannon({
      ...common,
      url: `${base}/api/users/add`,
      connections: connections.registrations,
      ...JSON_POST,
      requests: REGISTRATION_REQUESTS,
    }),
  ])
  return { catalogue, logins, registrations: signUps }
}

/** Every status answered, with its count. */
export const statuses = (result: Result): Record<string, number> =>
  Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats?.count ?? 0]),
  )

/** Requests that failed other than by an answer: connection errors and timeouts. */
export const failures = (result: Result) => result.errors + result.timeouts
