import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { optionValuesInTitle } from '../testing/option-values.ts'
import { hydrated } from './support/settle.ts'
import { cartBadge } from './support/shopper-state.ts'

/**
 * Titles that name only what is true (decisions.md § Options and variants): a product
 * sold in options is headed by its catalogue title, which names none of its options' values,
 * whichever variant the page opens on; and the cart line Add to Cart makes names the variant
 * chosen, by its label, after that title. The service worker runs, as it does for a shopper.
 * Products and variants are read from the catalogue's API.
 */

test.use({ actionTimeout: 10_000 })

interface Option {
  name: string
  values: string[]
}

interface Variant {
  sku: string
  options: Record<string, string>
  price: number
  stock: number
}

interface Optioned {
  id: number
  title: string
  minimumOrderQuantity: number
  options: Option[]
  variants: Variant[]
}

async function optioned(request: APIRequestContext): Promise<Optioned[]> {
  const response = await request.get(
    '/api/products?limit=0&select=title,minimumOrderQuantity,options,variants',
  )
  expect(response.ok()).toBe(true)
  const { products } = (await response.json()) as { products: Partial<Optioned>[] }
  const sold = products.filter((p): p is Optioned => Boolean(p.options && p.variants))
  expect(sold.length).toBeGreaterThanOrEqual(30)
  return sold
}

/**
 * A variant the page shows only when its address names it, and that can be bought: the last such
 * in the product's order. Without `?variant=` the page opens on the cheapest in stock, the first
 * of equals (decisions.md § Options and variants).
 */
function anotherVariant(product: Optioned): Variant {
  const inStock = product.variants.filter((v) => v.stock > 0)
  const pool = inStock.length > 0 ? inStock : product.variants
  const opening = pool.reduce((cheapest, v) => (v.price < cheapest.price ? v : cheapest))
  const variant = product.variants.findLast(
    (v) => v !== opening && v.stock >= Math.max(1, product.minimumOrderQuantity),
  )
  if (!variant) throw new Error(`product ${product.id} has one variant in stock at most`)
  return variant
}

/** One product of each set of options (Storage, Size × Colour, Strap…), the first in the catalogue. */
function oneOfEachKind(products: readonly Optioned[]): Optioned[] {
  const kinds = new Map<string, Optioned>()
  for (const product of products) {
    const kind = product.options.map((o) => o.name).join(' × ')
    if (!kinds.has(kind)) kinds.set(kind, product)
  }
  return [...kinds.values()]
}

/** A cart line's label, as rules.md § Options and variants writes it: 'Size 9 · Black'. */
function labelOf(product: Optioned, variant: Variant): string {
  return product.options
    .map(({ name }) => {
      const value = variant.options[name]!
      return /\d/.test(value) || value.length <= 3 ? `${name} ${value}` : value
    })
    .join(' · ')
}

/** Opens the product on a variant and checks the heading against the catalogue's title. */
async function expectHeadedByTitle(page: Page, product: Optioned, variant: Variant) {
  await page.goto(`/product/${product.id}?variant=${variant.sku}`, { waitUntil: 'commit' })
  const heading = page.getByRole('main').getByRole('heading', { level: 1 })
  await expect(heading).toHaveText(product.title)
  // The variant the address named is the one shown: each option's group names its value.
  for (const { name } of product.options)
    await expect(
      page.getByRole('group', { name: `${name}: ${variant.options[name]}` }),
    ).toBeVisible()
  const shown = (await heading.textContent()) ?? ''
  expect(optionValuesInTitle(shown, product.options), `product ${product.id}`).toEqual([])
}

/** The text of the page's first h1, from the server's HTML. */
function headingOf(html: string): string | undefined {
  const inner = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]
  if (inner === undefined) return undefined
  const entities: Record<string, string> = {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    '#x27': "'",
    '#39': "'",
  }
  return inner
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => entities[name]!)
    .trim()
}

test('every product sold in options is headed by its title alone, on a variant it does not open on', async ({
  request,
}) => {
  // The server's pages, which the app hydrates: a browser took half a second a page here.
  for (const product of await optioned(request)) {
    const variant = anotherVariant(product)
    const response = await request.get(`/product/${product.id}?variant=${variant.sku}`)
    expect(response.status(), variant.sku).toBe(200)
    const heading = headingOf(await response.text())
    expect(heading, variant.sku).toBe(product.title)
    expect(optionValuesInTitle(heading ?? '', product.options), variant.sku).toEqual([])
  }
})

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 1024 ? 844 : 800 } })

    test('one product of each kind, opened on another variant, is headed by its title alone, and Add to Cart names the variant after it', async ({
      page,
      request,
    }) => {
      const chosen = oneOfEachKind(await optioned(request)).map((product) => ({
        product,
        variant: anotherVariant(product),
      }))
      let items = 0
      for (const { product, variant } of chosen) {
        await expectHeadedByTitle(page, product, variant)
        await hydrated(page)
        await page.getByRole('button', { name: 'Add to Cart' }).click()
        items += Math.max(1, product.minimumOrderQuantity)
        await expect(cartBadge(page, items)).toBeVisible()
      }

      // The pages were the service worker's to answer, as a shopper's are.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
      await cartBadge(page, items).click()
      const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')
      await expect(lines).toHaveCount(chosen.length)
      for (const { product, variant } of chosen) {
        const line = lines.filter({
          has: page.getByRole('link', { name: product.title, exact: true }),
        })
        await expect(line).toHaveCount(1)
        await expect(line.getByText(labelOf(product, variant), { exact: true })).toBeVisible()
      }
    })
  })
}
