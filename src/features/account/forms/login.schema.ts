import * as v from 'valibot'

/** Spec §5, login. */
export const loginSchema = v.object({
  username: v.pipe(v.string(), v.trim(), v.nonEmpty('User Name is required'), v.maxLength(100)),
  password: v.pipe(v.string(), v.nonEmpty('Password is required'), v.maxLength(128)),
})

export type LoginInput = v.InferInput<typeof loginSchema>
