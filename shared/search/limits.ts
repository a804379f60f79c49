/**
 * What one query may cost (decisions.md § Search limits): a search runs on the server for anyone
 * who asks, and in the shopper's browser, so a query is read only up to these limits, whoever
 * sends it, and the rest of it is ignored. Within them a query asks the index for at most
 * `words × words` word matches (each word, and each pair of neighbours joined), of which typos are
 * looked up for words of `typoLength` letters at most.
 */
export const QUERY_LIMITS = {
  /** Characters of the query read (the search page's box holds as many). */
  characters: 100,
  /** Words searched for; a shopper's query rarely has more, and each adds a match to every alternative. */
  words: 6,
  /** Letters of a word read; a longer one is no word of the catalogue's. */
  wordLength: 30,
  /** The longest word looked up with typos and swapped letters; a longer one must match exactly. */
  typoLength: 12,
  /** The shortest last word read as the start of a longer one (one letter starts too many). */
  prefixFrom: 2,
} as const
