/**
 * How the catalogue's search reads text, word by word: shared by the API's index, the app's offline
 * search and the marking of matched words (no search library needed for the last).
 */

/** The words of a text: lower case, accents dropped, split at anything but letters and digits. */
export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

/**
 * A word's singular, as far as English plurals go without a dictionary (bulbs → bulb, batteries →
 * battery, watches → watch, glasses → glass). Index and query go through the same rule, so where
 * it is wrong (series → sery) both sides are wrong alike and still meet.
 */
export function singular(word: string): string {
  if (word.length <= 3 || !word.endsWith('s') || /(ss|us|is)$/.test(word)) return word
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (/(ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2)
  return word.slice(0, -1)
}

/**
 * The form a word is indexed and searched by: its singular, without an '-ing' when four letters
 * or more stay (lighting → light, clothing → cloth; racing stays).
 */
export function stem(word: string): string {
  const one = singular(word)
  return one.length >= 7 && one.endsWith('ing') ? one.slice(0, -3) : one
}

/** A piece of a text, marked when it is a word the search matched. */
export interface TextPart {
  text: string
  matched: boolean
}

/**
 * `text` cut into parts, the words a search matched marked: a word whose form (stem) is one of
 * `terms`, and both words of a neighbouring pair matched joined ('T-Shirt' for 'tshirt'); a space
 * or hyphen between two marked words is marked with them.
 */
export function markMatches(text: string, terms: ReadonlySet<string>): TextPart[] {
  const pieces = text.split(/([\p{L}\p{N}\p{M}]+)/u)
  // Odd indices are the words, even ones what lies between.
  const form = (i: number) => words(pieces[i] ?? '').join('')
  const matched = new Set<number>()
  for (let i = 1; i < pieces.length; i += 2) {
    if (terms.has(stem(form(i)))) {
      matched.add(i)
      // A pair counts when its first word did not match alone: 'iphone' as a prefix also matches
      // the pair 'iPhone 13', whose 13 was not asked for.
      continue
    }
    if (i + 2 < pieces.length && terms.has(stem(`${form(i)}${form(i + 2)}`))) {
      matched.add(i)
      matched.add(i + 2)
    }
  }
  // Matched words next to each other are marked as one ('MacBook Air', 'T-Shirt').
  for (let i = 2; i + 1 < pieces.length; i += 2)
    if (matched.has(i - 1) && matched.has(i + 1) && /^[\s-]+$/.test(pieces[i] ?? '')) matched.add(i)
  const parts: TextPart[] = []
  pieces.forEach((piece, i) => {
    if (!piece) return
    const isMatch = matched.has(i)
    const last = parts.at(-1)
    if (last && last.matched === isMatch) last.text += piece
    else parts.push({ text: piece, matched: isMatch })
  })
  return parts
}
