import { resolve } from 'node:path'
import * as v from 'valibot'

const port = v.pipe(
  v.optional(v.string(), '4173'),
  v.regex(/^\d{1,5}$/, 'PORT must be a whole number from 0 to 65535'),
  v.transform(Number),
  v.maxValue(65_535, 'PORT must be a whole number from 0 to 65535'),
)

const envSchema = v.object({
  PORT: port,
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), '.data'),
  DIST_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), 'dist'),
  CORS_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform((list) =>
        list
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ),
      v.check(
        (origins) => origins.every((origin) => /^https?:\/\/[^/\s]+$/.test(origin)),
        'CORS_ORIGINS must be a comma list of origins such as https://shop.example',
      ),
    ),
    '',
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
})

export interface ServerConfig {
  port: number
  host: string
  /** Absolute path of the folder for the user database and the generated secret. */
  dataDir: string
  /** Absolute path of the built SPA that `npm start` builds and serves. */
  distDir: string
  /** Signing secret from the environment; when absent one is generated and kept in `dataDir`. */
  jwtSecret: string | undefined
  /** Other sites allowed to call the API from a browser (CORS); none unless configured. */
  corsOrigins: string[]
  /**
   * The site's public origin, for canonical and link-preview URLs, the sitemap and robots.txt
   * (behind a proxy the request's own may be an internal one); unset: each request's origin.
   */
  siteUrl: string | undefined
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
  return {
    port: PORT,
    host: HOST,
    dataDir: resolve(DATA_DIR),
    distDir: resolve(DIST_DIR),
    jwtSecret: JWT_SECRET,
    corsOrigins: CORS_ORIGINS,
    siteUrl: SITE_URL,
  }
}
