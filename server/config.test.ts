import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { DEFAULT_CLIENT_LIMITS } from './limits/limit-settings.ts'

const SECRET = 's'.repeat(32)

describe('loadConfig', () => {
  it('keeps users in SQLite under DATA_DIR when DATABASE_URL is not set, empty or not', () => {
    for (const env of [{}, { DATABASE_URL: '' }]) {
      const config = loadConfig(env)
      expect(config.database).toBeUndefined()
      expect(config.dataDir).toBe(resolve('.data'))
      expect(config.jwtSecret).toBeUndefined()
      expect(config.acceptedSecrets).toEqual([])
    }
  })

  it('selects PostgreSQL with DATABASE_URL, with a pool of 10 connections unless DATABASE_POOL_MAX says', () => {
    const url = 'postgres://shop:pw@db.internal:5432/meridian'
    expect(loadConfig({ DATABASE_URL: url, JWT_SECRET: SECRET }).database).toEqual({
      url,
      poolMax: 10,
    })
    expect(
      loadConfig({
        DATABASE_URL: 'postgresql://db/meridian?sslmode=require',
        JWT_SECRET: SECRET,
        DATABASE_POOL_MAX: '25',
      }).database,
    ).toEqual({ url: 'postgresql://db/meridian?sslmode=require', poolMax: 25 })
  })

  it('requires JWT_SECRET with DATABASE_URL, naming it', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/meridian' })).toThrow(
      /JWT_SECRET is required when DATABASE_URL is set/,
    )
  })

  it.each([
    [
      { DATABASE_URL: 'mysql://db/shop', JWT_SECRET: SECRET },
      'DATABASE_URL must be a PostgreSQL URL',
    ],
    [
      { DATABASE_URL: 'db.internal:5432', JWT_SECRET: SECRET },
      'DATABASE_URL must be a PostgreSQL URL',
    ],
    [{ DATABASE_POOL_MAX: '0' }, 'DATABASE_POOL_MAX must be a whole number from 1 to 1000'],
    [{ DATABASE_POOL_MAX: 'ten' }, 'DATABASE_POOL_MAX must be a whole number from 1 to 1000'],
    [{ DATABASE_POOL_MAX: '5000' }, 'DATABASE_POOL_MAX must be a whole number from 1 to 1000'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [
      { JWT_SECRET: SECRET, JWT_ACCEPTED_SECRETS: `${'o'.repeat(32)},short` },
      'JWT_ACCEPTED_SECRETS must be a comma list of secrets of at least 32 characters each',
    ],
  ])('rejects %o with a readable message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message)
  })

  it('reads CORS_ORIGINS as a comma list of origins', () => {
    expect(
      loadConfig({ CORS_ORIGINS: 'https://shop.example, http://localhost:5173,' }).corsOrigins,
    ).toEqual(['https://shop.example', 'http://localhost:5173'])
    expect(() => loadConfig({ CORS_ORIGINS: 'https://shop.example/path' })).toThrow(
      'CORS_ORIGINS must be a comma list of origins',
    )
  })

  it('reads JWT_ACCEPTED_SECRETS as a comma list', () => {
    const [older, newer] = ['o'.repeat(32), 'n'.repeat(40)]
    expect(
      loadConfig({ JWT_SECRET: SECRET, JWT_ACCEPTED_SECRETS: ` ${older} , ${newer},` })
        .acceptedSecrets,
    ).toEqual([older, newer])
  })

  it('reads VITALS_SAMPLE_RATE as a share from 0 to 1, 1 unless set', () => {
    expect(loadConfig({}).vitalsSampleRate).toBe(1)
    expect(loadConfig({ VITALS_SAMPLE_RATE: '0.25' }).vitalsSampleRate).toBe(0.25)
    expect(loadConfig({ VITALS_SAMPLE_RATE: '0' }).vitalsSampleRate).toBe(0)
    for (const bad of ['1.5', '-0.1', 'half', '25%']) {
      expect(() => loadConfig({ VITALS_SAMPLE_RATE: bad }), bad).toThrow(
        'VITALS_SAMPLE_RATE must be a number from 0 to 1',
      )
    }
  })

  it('bounds the answer and page caches at 16 and 32 MiB unless API_CACHE_MB and PAGE_CACHE_MB say', () => {
    expect(loadConfig({})).toMatchObject({
      apiCacheBytes: 16 * 2 ** 20,
      pageCacheBytes: 32 * 2 ** 20,
    })
    expect(loadConfig({ API_CACHE_MB: '8', PAGE_CACHE_MB: '128' })).toMatchObject({
      apiCacheBytes: 8 * 2 ** 20,
      pageCacheBytes: 128 * 2 ** 20,
    })
    for (const bad of ['0', '-1', '1.5', '5000', 'lots']) {
      expect(() => loadConfig({ API_CACHE_MB: bad }), bad).toThrow(
        'API_CACHE_MB must be a whole number of MiB from 1 to 4096',
      )
    }
  })

  it('reads each LIMIT_… as a count per window, its default unless set, and names a bad one', () => {
    expect(loadConfig({}).limits).toEqual(DEFAULT_CLIENT_LIMITS)
    expect(DEFAULT_CLIENT_LIMITS.registrationsPerAddress).toEqual({ limit: 50, windowMs: 600_000 })
    const set = loadConfig({
      LIMIT_ORDER_UNITS_PER_ADDRESS: '20/30m',
      LIMIT_REGISTRATIONS_PER_ADDRESS: ' 200 / 1d ',
      LIMIT_REPORTS_PER_ADDRESS: '5/10s',
    }).limits
    expect(set.orderUnitsPerAddress).toEqual({ limit: 20, windowMs: 30 * 60_000 })
    expect(set.registrationsPerAddress).toEqual({ limit: 200, windowMs: 86_400_000 })
    expect(set.reportsPerAddress).toEqual({ limit: 5, windowMs: 10_000 })
    expect(set.ordersPerAccount).toEqual(DEFAULT_CLIENT_LIMITS.ordersPerAccount)
    for (const bad of ['100', '100/', '1/2w', '-1/1h', '10/2d', 'ten/1h'])
      expect(() => loadConfig({ LIMIT_ORDERS_PER_ADDRESS: bad }), bad).toThrow(
        'Invalid configuration: LIMIT_ORDERS_PER_ADDRESS LIMIT_ORDERS_PER_ADDRESS must be a count per window, such as 10/1h (s, m, h or d; at most 1d)',
      )
  })

  it('reads TRUSTED_CLIENTS as addresses and CIDR ranges, none unless set', () => {
    expect(loadConfig({}).trustedClients).toEqual([])
    expect(
      loadConfig({ TRUSTED_CLIENTS: '203.0.113.7, 10.0.0.0/8,2001:db8::/48' }).trustedClients,
    ).toEqual(['203.0.113.7', '10.0.0.0/8', '2001:db8::/48'])
    for (const bad of ['office', '10.0.0.0/33', '10.0.0.0/8/1', '2001:db8::/129'])
      expect(() => loadConfig({ TRUSTED_CLIENTS: bad }), bad).toThrow(/TRUSTED_CLIENTS must be/)
  })
})
