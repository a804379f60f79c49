import * as v from 'valibot'

/**
 * Free text a shopper types (names, address lines, a city, a promo code) is one line of what a
 * reader sees (rules.md § Validation rules, plain text): no control characters (a line break, a
 * tab, a bell, DEL, C1), no line or paragraph separators, and none of the bidirectional controls
 * that reorder what is shown (U+202A-202E, U+2066-2069). Such text comes out in mail, on labels
 * and in the operator's CSV, where a line break starts a forged line and a reordering control
 * shows another address than the one stored. Joiners (U+200C, U+200D), which scripts such as
 * Devanagari need, are plain text.
 */
const NOT_PLAIN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u

/** Whether `text` holds a character plain text may not (see above). */
export const hasControlCharacters = (text: string) => NOT_PLAIN.test(text)

/** The message for such a field where the spec has none of its own. */
export const PLAIN_TEXT_MESSAGE = 'Line breaks and control characters are not allowed'

/** A valibot check: the text holds nothing but plain text. */
export const plainText = (message: string = PLAIN_TEXT_MESSAGE) =>
  v.check((text: string) => !hasControlCharacters(text), message)
