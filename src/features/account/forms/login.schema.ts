import * as v from 'valibot'
import { validation } from '../../../lib/form-messages.ts'
import { passwordField } from './shared-rules.ts'

/** rules.md § Validation rules, login. */
export const loginSchema = v.object({
  username: v.pipe(v.string(), v.trim(), v.nonEmpty(validation.userNameRequired), v.maxLength(100)),
  password: passwordField,
})

export type LoginInput = v.InferInput<typeof loginSchema>
