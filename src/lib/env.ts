import * as v from 'valibot'
import { DEFAULT_BRAND } from './head/rules.ts'

// Build-time settings (rules.md § Brand and texts, decisions.md § Catalogue API). An empty variable counts as unset.
// The bundled catalogue server, on the page's own origin.
const BUNDLED_API_URL = '/api'

const envSchema = v.object({
  VITE_API_URL: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), BUNDLED_API_URL),
  VITE_BRAND_NAME: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), DEFAULT_BRAND),
})

const raw = import.meta.env as Record<string, string | undefined>
const parsed = v.parse(envSchema, {
  VITE_API_URL: raw.VITE_API_URL || undefined,
  VITE_BRAND_NAME: raw.VITE_BRAND_NAME || undefined,
})

export const env = {
  /** Base URL of the catalogue API, relative to the page or absolute. */
  apiUrl: parsed.VITE_API_URL,
  /** The API is the bundled server (no VITE_API_URL), with its own extras (category pictures). */
  bundledApi: parsed.VITE_API_URL === BUNDLED_API_URL,
  /** `{brand}` of the spec, defined once. */
  brand: parsed.VITE_BRAND_NAME,
} as const
