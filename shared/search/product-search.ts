import MiniSearch, { type Query, type SearchOptions } from 'minisearch'
import { QUERY_LIMITS } from './limits.ts'
import { stem, words } from './words.ts'

export { QUERY_LIMITS }

/**
 * The catalogue's search: what a shopper means rather than the characters they typed, close to a
 * shop search engine's defaults (Meilisearch's):
 * - every word of the query must match, in any order;
 * - a word may have typos: one from 5 letters, two from 9;
 * - the last word matches as a prefix (a query typed so far: `macb` finds MacBooks);
 * - singular and plural are the same word (`bulbs`, `bulb`);
 * - joined and split words are the same (`tshirt`, `t-shirt`, `t shirt`; `dashcam`, `dash cam`);
 * - matches rank by field (title, then brand, category, tags, description), exact words before
 *   prefixes and typos, then by rating.
 * The API builds it once at start over its catalogue (docs/api.md § Search says why MiniSearch); the app
 * builds it over the products it shows or has cached, for the words to mark and for searching
 * offline, so both sides match by the same rules.
 */

/** Where a word is found, and how much that says: a title match ranks above a brand match… */
const FIELD_BOOSTS = {
  title: 8,
  brand: 4,
  category: 3,
  tags: 2,
  options: 2,
  description: 1,
} as const
type Field = keyof typeof FIELD_BOOSTS
const FIELDS = Object.keys(FIELD_BOOSTS) as Field[]

/**
 * What the index reads of a product: the API's products have every field, a list the app cached
 * may have been asked for fewer (`select`).
 */
export interface Searchable {
  id: number
  title: string
  category: string
  rating: number
  brand?: string
  tags?: readonly string[]
  description?: string
  /** A product's options ("Size": 7, 8, 9…): a shopper may search for the one they want. */
  options?: readonly { values: readonly string[] }[]
}

/**
 * A field's terms: its words, and in the short fields each pair of neighbours joined ('t shirt'
 * is also 'tshirt'). A description's pairs would double the index for matches a title or a tag
 * already gives.
 */
function fieldTerms(text: string, field?: string): string[] {
  const list = words(text)
  const joined = field === 'description' ? [] : list.slice(1).map((word, i) => `${list[i]}${word}`)
  return [...list, ...joined].map(stem)
}

/**
 * Other words shoppers use for a category (a search engine's synonyms): a car phone mount is in
 * 'automotive', and a phone is a smartphone.
 */
const CATEGORY_SYNONYMS: Readonly<Record<string, string>> = {
  smartphones: 'phone mobile cellphone',
  laptops: 'notebook computer',
  automotive: 'car vehicle',
  motorcycle: 'motorbike',
  fragrances: 'perfume scent',
  'home-decoration': 'decor',
  sunglasses: 'shades',
}

/** The words of a query that a search looks for, within QUERY_LIMITS. */
export function queryWords(query: string): string[] {
  return words(query.slice(0, QUERY_LIMITS.characters))
    .slice(0, QUERY_LIMITS.words)
    .map((word) => word.slice(0, QUERY_LIMITS.wordLength))
}

/** A word with two neighbouring letters swapped, each way: 'iphnoe' is a typo of 'iphone'. */
function transpositions(word: string): string[] {
  const swapped = new Set<string>()
  for (let i = 0; i + 1 < word.length; i++)
    if (word[i] !== word[i + 1])
      swapped.add(`${word.slice(0, i)}${word[i + 1]}${word[i]}${word.slice(i + 2)}`)
  return [...swapped]
}

/** Typos a query word may have: none below 5 letters, one from 5, two from 9. */
export function typosAllowed(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0
}

const SEARCH_OPTIONS: SearchOptions = {
  boost: FIELD_BOOSTS,
  // Exact words first, then the last word's completions, typos last.
  weights: { prefix: 0.5, fuzzy: 0.15 },
  // Between matches otherwise alike, the better rated product first.
  boostDocument: (_id, _term, stored) => 1 + Number(stored?.rating ?? 0) / 50,
}

/**
 * One word of the query: itself with the typos its length allows (a prefix when it is the last),
 * or with two neighbouring letters swapped, which counts as one of those typos.
 */
function wordQuery(word: string, last: boolean): Query {
  const typos = word.length > QUERY_LIMITS.typoLength ? 0 : typosAllowed(stem(word))
  const prefix = last && word.length >= QUERY_LIMITS.prefixFrom
  const exact: Query = { queries: [word], fuzzy: typos, prefix }
  if (typos === 0) return exact
  const swapped: Query = {
    combineWith: 'OR',
    queries: transpositions(word),
    fuzzy: typos - 1,
    prefix,
  }
  return { combineWith: 'OR', queries: [exact, swapped] }
}

/**
 * Every word of the query required; or, for each pair of neighbouring words, the same with the
 * pair joined ('dash cam' also finds 'Dashcam', 'sun glasses' 'Sunglasses').
 */
export function queryFor(words: readonly string[]): Query {
  const phrases = [words]
  for (let i = 0; i + 1 < words.length; i++)
    phrases.push([...words.slice(0, i), `${words[i]}${words[i + 1]}`, ...words.slice(i + 2)])
  return {
    combineWith: 'OR',
    queries: phrases.map((phrase) => ({
      combineWith: 'AND',
      queries: phrase.map((word, i) => wordQuery(word, i === phrase.length - 1)),
    })),
  }
}

/** What a query asks of the index: its word lookups, and how many of them allow typos. */
export function queryCost(query: string): { words: number; lookups: number; typoLookups: number } {
  const terms = queryWords(query)
  let lookups = 0
  let typoLookups = 0
  const visit = (node: Query) => {
    if (typeof node === 'string') return
    const { queries } = node as { queries: Query[]; fuzzy?: number }
    for (const child of queries) {
      if (typeof child !== 'string') {
        visit(child)
        continue
      }
      lookups += 1
      if ((node as { fuzzy?: number }).fuzzy) typoLookups += 1
    }
  }
  if (terms.length > 0) visit(queryFor(terms))
  return { words: terms.length, lookups, typoLookups }
}

export interface SearchMatch {
  id: number
  /** The indexed terms that matched (stems, joined pairs), for marking the words found. */
  terms: readonly string[]
}

export interface ProductSearch {
  /** The products matching `query`, best first; none for a query without words. */
  search(query: string): SearchMatch[]
}

/** Every value of a product's options ("7 8 9 black white"), none for a product without. */
export const optionValues = (product: Pick<Searchable, 'options'>) =>
  (product.options ?? []).flatMap((option) => option.values)

export function createProductSearch(products: readonly Searchable[]): ProductSearch {
  const index = new MiniSearch<Searchable>({
    fields: FIELDS,
    storeFields: ['rating'],
    extractField: (product, field) => {
      if (field === 'category')
        return `${product.category} ${CATEGORY_SYNONYMS[product.category] ?? ''}`
      if (field === 'options') return optionValues(product).join(' ')
      const value = product[field as Exclude<Field, 'category' | 'options'>]
      return Array.isArray(value) ? value.join(' ') : (value ?? '')
    },
    // Each field is split into its terms here; the query's words go through the same steps.
    tokenize: (text) => [text],
    processTerm: (text, field) => fieldTerms(text, field),
    searchOptions: {
      tokenize: (text) => words(text),
      processTerm: (term) => stem(term),
    },
  })
  index.addAll(products)
  return {
    search(query) {
      const terms = queryWords(query)
      if (terms.length === 0) return []
      return index
        .search(queryFor(terms), SEARCH_OPTIONS)
        .map((result) => ({ id: Number(result.id), terms: result.terms }))
    },
  }
}
