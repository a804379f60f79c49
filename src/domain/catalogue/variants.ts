import type { Product, Variant } from './catalogue.schemas.ts'

/**
 * A product's options and variants (rules.md § Options and variants; docs/api.md): which variant
 * a page shows, what each value of the picker offers, and how a cart line names its variant.
 */

type Sold = Pick<Product, 'options' | 'variants'>

/** Whether the product is sold in options: a page shows their picker, a cart line names one. */
export const hasVariants = (product: Sold): boolean =>
  (product.options?.length ?? 0) > 0 && (product.variants?.length ?? 0) > 0

/**
 * The variant a page shows: the one its address names (`?variant={sku}`), else the cheapest in
 * stock, the first of equals in the product's order (decisions.md § Options and variants); when
 * none is in stock, the cheapest. None for a product without options.
 */
export function chosenVariant(product: Sold, sku?: string): Variant | undefined {
  if (!hasVariants(product)) return undefined
  const variants = product.variants!
  const named = sku === undefined ? undefined : variants.find((variant) => variant.sku === sku)
  if (named) return named
  const inStock = variants.filter((variant) => variant.stock > 0)
  const pool = inStock.length > 0 ? inStock : variants
  return pool.reduce((cheapest, variant) => (variant.price < cheapest.price ? variant : cheapest))
}

/**
 * What choosing a value gives, with the other options as they are:
 * - `available`: a variant in stock;
 * - `soldOut`: every variant with this value has none left, or the one with these other values;
 * - `unavailable`: this value is not sold with the other values chosen (another one is).
 */
export type ValueState = 'available' | 'soldOut' | 'unavailable'

export interface ValueChoice {
  value: string
  chosen: boolean
  state: ValueState
  /**
   * The variant the value leads to: the one with the other values kept, where it is sold; else
   * the one that keeps most of them, in stock first.
   */
  variant: Variant
}

export interface OptionChoices {
  name: string
  /** The value the shown variant has. */
  chosen: string
  values: ValueChoice[]
}

/** The picker's groups for the variant shown: one per option, in the product's order. */
export function optionChoices(product: Sold, current: Variant): OptionChoices[] {
  if (!hasVariants(product)) return []
  const options = product.options!
  const variants = product.variants!
  return options.map(({ name, values }) => ({
    name,
    chosen: current.options[name] ?? '',
    values: values.flatMap((value): ValueChoice[] => {
      const withValue = variants.filter((variant) => variant.options[name] === value)
      if (withValue.length === 0) return []
      // How many of the other options' chosen values a variant with this value keeps.
      const kept = (variant: Variant) =>
        options.filter(
          (other) =>
            other.name !== name && variant.options[other.name] === current.options[other.name],
        ).length
      const exact = withValue.find((variant) => kept(variant) === options.length - 1)
      const closest = [...withValue].sort(
        (a, b) => kept(b) - kept(a) || Number(b.stock > 0) - Number(a.stock > 0),
      )[0]!
      const allGone = withValue.every((variant) => variant.stock <= 0)
      const state: ValueState =
        allGone || (exact && exact.stock <= 0) ? 'soldOut' : exact ? 'available' : 'unavailable'
      return [{ value, chosen: value === current.options[name], state, variant: exact ?? closest }]
    }),
  }))
}
