/**
 * The values of a product's options its title names (decisions.md § Options and variants): each
 * value against every run of the title's words, both without spaces and in lower case, so '100 ml'
 * is found in '100ml', '256GB' in '256 GB' and 'Forest Green' in 'forest green'; words keep their
 * inner marks, so a size 'S' is not found in "Men's".
 */
export function optionValuesInTitle(
  title: string,
  options: readonly { name: string; values: readonly string[] }[],
): string[] {
  const squeeze = (text: string) => text.toLowerCase().replace(/\s+/g, '')
  const words = title
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean)
  const runs = new Set(
    words.flatMap((_, start) =>
      words.slice(start).map((__, length) => words.slice(start, start + length + 1).join('')),
    ),
  )
  return options.flatMap(({ name, values }) =>
    values.filter((value) => runs.has(squeeze(value))).map((value) => `${name} ${value}`),
  )
}
