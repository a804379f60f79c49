import { resolve } from 'node:path'
import * as v from 'valibot'
import { defaultAllowedHosts } from './http/hosts.ts'
import { clientLimitsOf, limitEnvSchema, type ClientLimits } from './limits/limit-settings.ts'
import { isClientRange } from './limits/trusted-clients.ts'

const port = v.pipe(
  v.optional(v.string(), '4173'),
  v.regex(/^\d{1,5}$/, 'PORT must be a whole number from 0 to 65535'),
  v.transform(Number),
  v.maxValue(65_535, 'PORT must be a whole number from 0 to 65535'),
)

/** A comma-separated list (spaces and empty entries ignored), each entry passing `valid`. */
const commaList = (valid: (entry: string) => boolean, message: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((list) =>
        list
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      ),
      v.check((entries) => entries.every(valid), message),
    ),
    '',
  )

/** A cache's bound in MiB: a whole number from 1 to 4096. */
const megabytes = (name: string, fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.regex(/^\d{1,4}$/, `${name} must be a whole number of MiB from 1 to 4096`),
    v.transform(Number),
    v.minValue(1, `${name} must be a whole number of MiB from 1 to 4096`),
    v.maxValue(4096, `${name} must be a whole number of MiB from 1 to 4096`),
    v.transform((mib) => mib * 2 ** 20),
  )

const envSchema = v.object({
  PORT: port,
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), '.data'),
  DIST_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), 'dist'),
  CORS_ORIGINS: commaList(
    (origin) => /^https?:\/\/[^/\s]+$/.test(origin),
    'CORS_ORIGINS must be a comma list of origins such as https://shop.example',
  ),
  ALLOWED_HOSTS: commaList(
    (host) => /^((\[[\d:a-f.]+\]|[\w.-]+)(:\d{1,5})?|[\d:a-f.]+)$/i.test(host),
    'ALLOWED_HOSTS must be a comma list of host names or addresses, each with a port or not, such as shop.example, 10.0.0.11:4173',
  ),
  SITE_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^https?:\/\/[^/\s]+\/?$/,
        'SITE_URL must be an origin such as https://shop.example (no path)',
      ),
      v.transform((url) => url.replace(/\/$/, '')),
    ),
  ),
  JWT_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(32, 'JWT_SECRET must be at least 32 characters')),
  ),
  JWT_ACCEPTED_SECRETS: commaList(
    (secret) => secret.length >= 32,
    'JWT_ACCEPTED_SECRETS must be a comma list of secrets of at least 32 characters each',
  ),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^postgres(ql)?:\/\/\S+$/,
        'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/meridian',
      ),
    ),
  ),
  LOG_LEVEL: v.optional(
    v.picklist(
      ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'],
      'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal or silent',
    ),
    'info',
  ),
  TRUST_PROXY: v.optional(
    v.picklist(['true', 'false'], 'TRUST_PROXY must be true or false'),
    'false',
  ),
  METRICS_TOKEN: v.optional(
    v.pipe(v.string(), v.minLength(16, 'METRICS_TOKEN must be at least 16 characters')),
  ),
  ADMIN_TOKEN: v.optional(
    v.pipe(v.string(), v.minLength(16, 'ADMIN_TOKEN must be at least 16 characters')),
  ),
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^smtps?:\/\/\S+$/,
        'SMTP_URL must be an SMTP URL such as smtp://user:password@mail.example:587 (or smtps://…:465)',
      ),
    ),
  ),
  MAIL_FROM: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^[^<>\r\n]*<[^<>\s@]+@[^<>\s@]+>$|^[^<>\s@]+@[^<>\s@]+$/,
        'MAIL_FROM must be an address such as Meridian <orders@shop.example>',
      ),
    ),
    'Meridian <orders@localhost>',
  ),
  REPLICA_ID: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[\w.:-]{1,64}$/, 'REPLICA_ID must be up to 64 letters, digits, . : _ or -'),
    ),
  ),
  VITALS_SAMPLE_RATE: v.pipe(
    v.optional(v.string(), '1'),
    v.regex(/^(0(\.\d+)?|1(\.0*)?)$/, 'VITALS_SAMPLE_RATE must be a number from 0 to 1'),
    v.transform(Number),
  ),
  API_CACHE_MB: megabytes('API_CACHE_MB', '16'),
  PAGE_CACHE_MB: megabytes('PAGE_CACHE_MB', '32'),
  TRUSTED_CLIENTS: commaList(
    isClientRange,
    'TRUSTED_CLIENTS must be a comma list of addresses or CIDR ranges, such as 203.0.113.7, 10.0.0.0/8',
  ),
  // Every LIMIT_… setting (server/limits/limit-settings.ts).
  ...limitEnvSchema.entries,
  DATABASE_POOL_MAX: v.pipe(
    v.optional(v.string(), '10'),
    v.regex(/^\d{1,4}$/, 'DATABASE_POOL_MAX must be a whole number from 1 to 1000'),
    v.transform(Number),
    v.minValue(1, 'DATABASE_POOL_MAX must be a whole number from 1 to 1000'),
    v.maxValue(1000, 'DATABASE_POOL_MAX must be a whole number from 1 to 1000'),
  ),
})

export interface ServerConfig {
  port: number
  host: string
  /** Absolute path of the folder for the user database and the generated secret. */
  dataDir: string
  /** Absolute path of the built SPA that `npm start` builds and serves. */
  distDir: string
  /**
   * Signing secret from the environment; when absent one is generated and kept in `dataDir`.
   * Required with a database server: every replica must sign and check tokens alike.
   */
  jwtSecret: string | undefined
  /** Further secrets whose tokens are still accepted, never used to sign: for rotating JWT_SECRET. */
  acceptedSecrets: string[]
  /** PostgreSQL (DATABASE_URL, and its pool size per process) instead of SQLite in `dataDir`. */
  database: { url: string; poolMax: number } | undefined
  /** Other sites allowed to call the API from a browser (CORS); none unless configured. */
  corsOrigins: string[]
  /**
   * The site's public origin, for canonical and link-preview URLs, the sitemap and robots.txt
   * (behind a proxy the request's own may be an internal one); unset: each request's origin.
   */
  siteUrl: string | undefined
  /**
   * Without SITE_URL, the hosts a request may name (ALLOWED_HOSTS): its origin is written into
   * pages and answers. Default: localhost, the loopback addresses and the address listened on.
   */
  allowedHosts: string[]
  /** How much the server logs (LOG_LEVEL, default info). */
  logLevel: string
  /** TRUST_PROXY: a proxy in front sets X-Request-Id, and the server keeps it. */
  trustProxy: boolean
  /** METRICS_TOKEN: the bearer token /metrics asks for; unset, /metrics answers 404. */
  metricsToken: string | undefined
  /** ADMIN_TOKEN: a bearer token for scripts on /api/admin/*; unset, only operators' sessions. */
  adminToken: string | undefined
  /** Where mail goes: SMTP_URL's server, or `.eml` files in `dataDir/outbox/` without one. */
  mail: { smtpUrl: string | undefined; from: string }
  /** REPLICA_ID: this process in the logs; unset, the host name and process id. */
  replicaId: string | undefined
  /** VITALS_SAMPLE_RATE: the share of page loads whose field data browsers send (default 1). */
  vitalsSampleRate: number
  /** API_CACHE_MB, in bytes: what the catalogue answers kept in memory may hold (default 16 MiB). */
  apiCacheBytes: number
  /** PAGE_CACHE_MB, in bytes: what the rendered pages kept in memory may hold (default 32 MiB). */
  pageCacheBytes: number
  /** What one client may do: the LIMIT_… settings (docs/operating.md § Limits). */
  limits: ClientLimits
  /** TRUSTED_CLIENTS: addresses and ranges the limits keyed on an address do not count. */
  trustedClients: string[]
}

/** The server's settings from the environment, with a readable error for a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv): ServerConfig {
  // An empty variable (`PORT=`) means "not set", as shells and CI files often leave them.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const result = v.safeParse(envSchema, set)
  if (!result.success) {
    const issue = result.issues[0]
    throw new Error(`Invalid configuration: ${v.getDotPath(issue) ?? ''} ${issue.message}`.trim())
  }
  const { PORT, HOST, DATA_DIR, DIST_DIR, JWT_SECRET, CORS_ORIGINS, SITE_URL } = result.output
  const { JWT_ACCEPTED_SECRETS, DATABASE_URL, DATABASE_POOL_MAX } = result.output
  const { LOG_LEVEL, TRUST_PROXY, METRICS_TOKEN, REPLICA_ID, VITALS_SAMPLE_RATE } = result.output
  const { API_CACHE_MB, PAGE_CACHE_MB, ALLOWED_HOSTS } = result.output
  const { ADMIN_TOKEN, SMTP_URL, MAIL_FROM, TRUSTED_CLIENTS } = result.output
  if (DATABASE_URL && !JWT_SECRET) {
    throw new Error(
      'Invalid configuration: JWT_SECRET is required when DATABASE_URL is set, so that every ' +
        'replica signs and accepts the same tokens (32+ characters, e.g. `openssl rand -base64 48`)',
    )
  }
  return {
    port: PORT,
    host: HOST,
    dataDir: resolve(DATA_DIR),
    distDir: resolve(DIST_DIR),
    jwtSecret: JWT_SECRET,
    acceptedSecrets: JWT_ACCEPTED_SECRETS,
    database: DATABASE_URL ? { url: DATABASE_URL, poolMax: DATABASE_POOL_MAX } : undefined,
    corsOrigins: CORS_ORIGINS,
    siteUrl: SITE_URL,
    allowedHosts: ALLOWED_HOSTS.length > 0 ? ALLOWED_HOSTS : defaultAllowedHosts(HOST),
    logLevel: LOG_LEVEL,
    trustProxy: TRUST_PROXY === 'true',
    metricsToken: METRICS_TOKEN,
    adminToken: ADMIN_TOKEN,
    mail: { smtpUrl: SMTP_URL, from: MAIL_FROM },
    replicaId: REPLICA_ID,
    vitalsSampleRate: VITALS_SAMPLE_RATE,
    apiCacheBytes: API_CACHE_MB,
    pageCacheBytes: PAGE_CACHE_MB,
    limits: clientLimitsOf(result.output),
    trustedClients: TRUSTED_CLIENTS,
  }
}
