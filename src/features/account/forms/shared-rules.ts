import * as v from 'valibot'

/** Spec §5: the same email rules and messages in registration and the profile form. */
export const emailField = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Email Address missing.'),
  v.email('Email is not in proper format'),
  v.maxLength(254),
)
export const confirmEmailField = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Confirm Email Address Missing.'),
)
