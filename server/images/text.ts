const entities: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

// The Char production of XML 1.0: C0 controls other than tab and newlines, lone
// surrogates and U+FFFE/U+FFFF cannot appear in a document even escaped.
const isXmlChar = (cp: number) =>
  cp === 0x9 ||
  cp === 0xa ||
  cp === 0xd ||
  (cp >= 0x20 && cp <= 0xd7ff) ||
  (cp >= 0xe000 && cp <= 0xfffd) ||
  cp >= 0x10000

/** Escapes text for XML content and attributes, dropping characters XML cannot carry. */
export function escapeXml(text: string): string {
  return Array.from(text)
    .filter((ch) => isXmlChar(ch.codePointAt(0)!))
    .join('')
    .replace(/[&<>"']/g, (ch) => entities[ch] ?? ch)
}

/**
 * Rough advance widths in em for a bold system sans-serif. The server has
 * no font metrics, so these err on the wide side: a line that is estimated
 * to fit really does fit in any of the listed fonts.
 */
function charWidth(ch: string): number {
  if (ch === ' ') return 0.3
  if ("iljI.,:;|!'`".includes(ch)) return 0.32
  if ('frt()[]{}-/"'.includes(ch)) return 0.44
  if ('mwMW@%'.includes(ch)) return 0.95
  if (/[A-Z]/.test(ch)) return 0.74
  if (/[a-z0-9]/.test(ch)) return 0.6
  // Accented Latin, Greek, Cyrillic and the like.
  if (ch.codePointAt(0)! < 0x2e80) return 0.7
  // CJK, emoji and everything else that is typically full width.
  return 1.05
}

export function textWidth(text: string, fontSize: number): number {
  let em = 0
  for (const ch of text) em += charWidth(ch)
  return em * fontSize
}

function truncate(chars: string[], maxWidth: number, fontSize: number): string {
  const kept = [...chars]
  while (kept.length > 0 && textWidth(kept.join('') + '…', fontSize) > maxWidth) kept.pop()
  // Cutting right after a space or punctuation would leave "word …".
  while (kept.length > 0 && /[\s,.;:\-–—/]/.test(kept[kept.length - 1]!)) kept.pop()
  return kept.join('') + '…'
}

/**
 * Greedy wrap into at most `maxLines` lines; whatever does not fit ends the
 * last line with an ellipsis. Lines break at spaces or after hyphens and
 * slashes, but only when that keeps the line at least half full: otherwise
 * (one long model number, or CJK text without spaces) they break anywhere.
 */
export function wrapText(
  text: string,
  maxWidth: number,
  fontSize: number,
  maxLines: number,
): string[] {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim())
  const lines: string[] = []
  let start = 0
  while (start < chars.length) {
    const rest = chars.slice(start)
    if (textWidth(rest.join(''), fontSize) <= maxWidth) {
      lines.push(rest.join(''))
      break
    }
    if (lines.length === maxLines - 1) {
      lines.push(truncate(rest, maxWidth, fontSize))
      break
    }
    let end = start + 1
    while (textWidth(chars.slice(start, end + 1).join(''), fontSize) <= maxWidth) end++
    for (let i = end; i > start; i--) {
      const opportunity = chars[i] === ' ' || '-/'.includes(chars[i - 1]!)
      if (opportunity && textWidth(chars.slice(start, i).join(''), fontSize) >= maxWidth / 2) {
        end = i
        break
      }
    }
    lines.push(chars.slice(start, end).join('').trimEnd())
    start = end
    while (chars[start] === ' ') start++
  }
  return lines
}
