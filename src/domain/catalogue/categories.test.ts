import { describe, expect, it } from 'vitest'
import { BUNDLED_CATEGORIES } from './categories.ts'

describe('the bundled category list', () => {
  it("is the bundled API's own list, so its answer changes nothing on screen", async () => {
    const page = 'http://localhost:3000/'
    const response = await fetch(`${page}api/products/categories`)
    const answer = (await response.json()) as { slug: string; name: string; image?: string }[]
    expect(BUNDLED_CATEGORIES).toHaveLength(20)
    // Its pictures are on the page's own origin (the same address in the server's HTML and the
    // browser's render); the API names them absolutely.
    expect(
      BUNDLED_CATEGORIES.map((category) => ({
        ...category,
        image: category.image && new URL(category.image, page).href,
      })),
    ).toEqual(answer.map(({ slug, name, image }) => ({ slug, name, image })))
  })
})
