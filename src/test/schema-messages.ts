import * as v from 'valibot'

/** The message a form field shows: the first failing rule's, as the form resolver reports it. */
export function messageFor<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  field: string,
): string | undefined {
  const result = v.safeParse(schema, input, { abortPipeEarly: true })
  return result.issues?.find((issue) => v.getDotPath(issue) === field)?.message
}
