import { markMatches } from '../../../../shared/search/words.ts'
import styles from './marked-text.module.css'

/** `text` with the words a search matched in `<mark>`. */
export function MarkedText({ text, terms }: { text: string; terms?: ReadonlySet<string> }) {
  if (!terms?.size) return text
  return markMatches(text, terms).map((part, i) =>
    part.matched ? (
      <mark key={i} className={styles.mark}>
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  )
}
