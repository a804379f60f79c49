import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as v from 'valibot'

/**
 * The public build-time variables (`VITE_*`) a build was made with, written into the build by
 * build/build-env-plugin.ts: `npm start` rebuilds when they change, and the server reads from
 * them which catalogue API the built app talks to.
 */
export const BUILD_ENV_FILE = '.vite/build-env.json'

const buildEnvSchema = v.record(v.string(), v.string())

export type BuildEnv = v.InferOutput<typeof buildEnvSchema>

/** The variables the build in `distDir` was made with; null when it has no record of them. */
export function readBuildEnv(distDir: string): BuildEnv | null {
  const path = join(distDir, BUILD_ENV_FILE)
  if (!existsSync(path)) return null
  try {
    const result = v.safeParse(buildEnvSchema, JSON.parse(readFileSync(path, 'utf8')))
    return result.success ? result.output : null
  } catch {
    return null
  }
}

export const sameBuildEnv = (a: BuildEnv, b: BuildEnv) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort())

const imageAnswer = v.object({
  products: v.array(
    v.object({ thumbnail: v.optional(v.string()), images: v.optional(v.array(v.string())) }),
  ),
})

/**
 * The origins the built app fetches from besides its own, for the Content-Security-Policy: none
 * with the bundled API (`/api`); with another API (VITE_API_URL=https://…), its origin and the
 * origins of its product images (DummyJSON serves them from a CDN host), read from one product.
 * If the API does not answer in time, its own origin still lets the catalogue load.
 */
export async function externalApiOrigins(
  apiUrl: string | undefined,
  { fetchJson = defaultFetchJson, timeoutMs = 3000 } = {},
): Promise<string[]> {
  if (!apiUrl || !/^https?:\/\//i.test(apiUrl)) return []
  const base = apiUrl.replace(/\/+$/, '')
  const origins = new Set([new URL(base).origin])
  try {
    const answer = await fetchJson(
      `${base}/products?limit=1&select=thumbnail,images`,
      AbortSignal.timeout(timeoutMs),
    )
    const { products } = v.parse(imageAnswer, answer)
    const urls = products.flatMap((product) => [product.thumbnail ?? '', ...(product.images ?? [])])
    for (const url of urls) if (/^https?:\/\//i.test(url)) origins.add(new URL(url).origin)
  } catch (error) {
    console.warn(
      `Could not read an image address from ${base} (${String(error)}); images are allowed from its own origin only.`,
    )
  }
  return [...origins]
}

async function defaultFetchJson(url: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { signal })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  return response.json()
}
