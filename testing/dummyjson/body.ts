import type { Context } from 'hono'
import { DummyJsonError } from './http.ts'

// DummyJSON's express.json / express.urlencoded limit ('300kb').
const BODY_LIMIT = 300 * 1024
const FIRST_CHAR = /^[ \t\n\r]*([^ \t\n\r])/

/**
 * body-parser's strict-mode message for a body that does not start with `{` or `[`: it parses the
 * text with that character onwards blanked out and puts the original text back into the message.
 */
function strictError(text: string, first: string | undefined): DummyJsonError {
  const index = first === undefined ? -1 : text.indexOf(first)
  const partial = index === -1 ? '' : text.slice(0, index) + '#'.repeat(text.length - index)
  try {
    JSON.parse(partial)
    return new DummyJsonError(400, 'strict violation')
  } catch (error) {
    const message = (error as Error).message.replace(/#+/g, (hashes) =>
      text.substring(index, index + hashes.length),
    )
    return new DummyJsonError(400, message)
  }
}

function parseJson(text: string): unknown {
  if (text.length === 0) return {}
  const first = FIRST_CHAR.exec(text)?.[1]
  if (first !== '{' && first !== '[') throw strictError(text, first)
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new DummyJsonError(400, (error as Error).message)
  }
}

/** A form body; a repeated name becomes an array. (qs's `a[b]=c` nesting is not read.) */
function parseForm(text: string): Record<string, string | string[]> {
  const body: Record<string, string | string[]> = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const seen = body[key]
    body[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value]
  }
  return body
}

/**
 * The request body as Express gives DummyJSON's handlers `req.body`: JSON or a form when the
 * Content-Type says so, `{}` for anything else; malformed JSON is a 400 with JSON.parse's message.
 */
export async function readBody(c: Context): Promise<unknown> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
  const isJson = type === 'application/json'
  if (!c.req.raw.body || (!isJson && type !== 'application/x-www-form-urlencoded')) return {}
  const bytes = await c.req.arrayBuffer()
  if (bytes.byteLength > BODY_LIMIT) throw new DummyJsonError(413, 'request entity too large')
  const text = new TextDecoder().decode(bytes)
  return isJson ? parseJson(text) : parseForm(text)
}
