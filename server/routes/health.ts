import { Hono } from 'hono'
import { CACHE_PRIVATE } from '../http/respond.ts'

/** How long a load balancer's check waits for the database before calling this replica unhealthy. */
export const HEALTH_TIMEOUT_MS = 2000

const within = <T>(promise: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
    promise.then(resolve, reject).finally(() => clearTimeout(timer))
  })

/**
 * GET health, for a load balancer's checks: 200 while this replica can reach its database, 503
 * while it cannot (so traffic goes to the others). Never cached.
 */
export function healthRoutes({ ping }: { ping: () => Promise<void> }) {
  return new Hono().get('/', async (c) => {
    c.header('Cache-Control', CACHE_PRIVATE)
    try {
      await within(ping(), HEALTH_TIMEOUT_MS)
      return c.json({ status: 'ok', database: 'reachable' })
    } catch {
      return c.json({ status: 'unavailable', database: 'unreachable' }, 503)
    }
  })
}
