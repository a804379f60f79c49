/**
 * A variant in words, as a cart line and an order name it ("Size 9 · Black"): a value that says
 * what it is (a colour, a material) alone, a size or a capacity after its option's name
 * ("Storage 256GB").
 */
export function variantLabel(
  options: readonly { name: string; values?: readonly string[] }[] | undefined,
  variant: { options: Readonly<Record<string, string>> },
) {
  return (options ?? [])
    .filter(({ name }) => variant.options[name] !== undefined)
    .map(({ name }) => {
      const value = variant.options[name]!
      return /\d/.test(value) || value.length <= 3 ? `${name} ${value}` : value
    })
    .join(' · ')
}
