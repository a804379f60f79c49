/**
 * A name read from a URL word, as the API names categories: 'home-decoration' → 'Home
 * Decoration'. For a slug no list names (a hand-typed category, a brand not loaded yet).
 */
export const nameFromSlug = (slug: string) =>
  slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')

/** A URL word for a name: 'Home Decoration' → 'home-decoration', 'Dolce & Gabbana' → 'dolce-gabbana'. */
export const slugFromName = (name: string) =>
  name
    .toLowerCase()
    .replaceAll(/[^\p{L}\p{N}]+/gu, '-')
    .replaceAll(/^-|-$/g, '')
