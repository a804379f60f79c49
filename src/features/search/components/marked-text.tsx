import { markMatches } from '../../../../shared/search/words.ts'

/** `text` with the words a search matched in `<mark>`. */
export function MarkedText({ text, terms }: { text: string; terms?: ReadonlySet<string> }) {
  if (!terms?.size) return text
  return markMatches(text, terms).map((part, i) =>
    part.matched ? <mark key={i}>{part.text}</mark> : part.text,
  )
}
