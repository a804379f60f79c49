import { describe, expect, it } from 'vitest'
import { BUNDLED_CATEGORIES } from './categories.ts'

describe('the bundled category list', () => {
  it("is the bundled API's own list, so its answer changes nothing on screen", async () => {
    const response = await fetch('http://localhost:3000/api/products/categories')
    const answer = (await response.json()) as { slug: string; name: string; image?: string }[]
    expect(BUNDLED_CATEGORIES).toHaveLength(20)
    expect(BUNDLED_CATEGORIES).toEqual(
      answer.map(({ slug, name, image }) => ({ slug, name, image })),
    )
  })
})
