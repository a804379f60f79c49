import * as v from 'valibot'

/** POST auth/login (decisions.md § API contract). */
export const loginResponseSchema = v.object({
  accessToken: v.string(),
  refreshToken: v.optional(v.string()),
  id: v.pipe(v.number(), v.integer()),
  username: v.string(),
  email: v.optional(v.string(), ''),
  firstName: v.string(),
  lastName: v.optional(v.string(), ''),
  gender: v.optional(v.string(), ''),
  image: v.optional(v.string(), ''),
})

/** GET/PUT users/{id} and POST users/add (decisions.md § API contract; optional where the public API varies). */
export const userSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  phone: v.optional(v.string(), ''),
  username: v.string(),
  birthDate: v.optional(v.string(), ''),
  gender: v.optional(v.string(), ''),
  image: v.optional(v.string(), ''),
})

export type LoginResponse = v.InferOutput<typeof loginResponseSchema>
export type User = v.InferOutput<typeof userSchema>
