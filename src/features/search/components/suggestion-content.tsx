import { ImageWithFallback } from '../../../components/image-with-fallback.tsx'
import { Price } from '../../../components/price.tsx'
import type { Category } from '../../../domain/catalogue/categories.ts'
import type { Product } from '../../../domain/catalogue/catalogue.schemas.ts'
import styles from './header-search.module.css'
import { MarkedText } from './marked-text.tsx'

/** One of the header search's suggestions: a product, a category, or every result. */
export type Suggestion =
  { kind: 'product'; product: Product } | { kind: 'category'; category: Category } | { kind: 'all' }

export function suggestionKey(suggestion: Suggestion): string {
  if (suggestion.kind === 'product') return `product-${suggestion.product.id}`
  if (suggestion.kind === 'category') return `category-${suggestion.category.slug}`
  return 'all'
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** What a screen reader hears once the suggestions for `term` are in. */
export function announce(
  term: string,
  products: readonly Product[],
  categories: readonly Category[],
): string {
  if (products.length + categories.length === 0)
    return `No suggestions for ${term}. Press Enter to search.`
  return `${count(products.length, 'product', 'products')} and ${count(
    categories.length,
    'category',
    'categories',
  )} suggested. Use the up and down arrows to choose.`
}

/** What an option shows: a product's picture, title (its matched words marked) and price… */
export function SuggestionContent({
  suggestion,
  terms,
  text,
}: {
  suggestion: Suggestion
  /** The terms each product matched. */
  terms: ReadonlyMap<number, ReadonlySet<string>>
  /** The box's text, for "See all results". */
  text: string
}) {
  if (suggestion.kind === 'product') {
    const { product } = suggestion
    return (
      <>
        <ImageWithFallback
          className={styles.thumb}
          src={product.thumbnail}
          alt=""
          width={48}
          height={48}
          decoding="async"
        />
        <span className={styles.title}>
          <MarkedText text={product.title} terms={terms.get(product.id)} />
        </span>
        <Price
          className={styles.price}
          price={product.price}
          discountPercentage={product.discountPercentage}
        />
      </>
    )
  }
  if (suggestion.kind === 'category') {
    return (
      <span className={styles.title}>
        <span className={styles.kind}>Category</span> {suggestion.category.name}
      </span>
    )
  }
  return <span className={styles.all}>See all results for “{text.trim()}”</span>
}
