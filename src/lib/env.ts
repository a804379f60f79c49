import * as v from 'valibot'

// Build-time settings (decisions §2, §3). An empty variable counts as unset.
const envSchema = v.object({
  VITE_API_URL: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), '/api'),
  VITE_BRAND_NAME: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), 'Meridian'),
})

const raw = import.meta.env as Record<string, string | undefined>
const parsed = v.parse(envSchema, {
  VITE_API_URL: raw.VITE_API_URL || undefined,
  VITE_BRAND_NAME: raw.VITE_BRAND_NAME || undefined,
})

export const env = {
  /** Base URL of the catalogue API, relative to the page or absolute. */
  apiUrl: parsed.VITE_API_URL,
  /** `{brand}` of the spec, defined once. */
  brand: parsed.VITE_BRAND_NAME,
} as const
