import { expect, test, type Page } from '@playwright/test'

// Price sorts and price ranges go by the price a card shows, after its discount, to the cent
// (rules.md § Data and reference lists, § Constants and formulas).

const cards = (page: Page) => page.getByRole('region', { name: 'Products' }).getByRole('article')

/** What each card shows as its price: the first amount in it (the sale price, or 'From $X'). */
const shownPrices = (page: Page) =>
  cards(page).evaluateAll((articles) =>
    articles.map((article) => {
      const amount = /\$([\d,]+\.\d{2})/.exec(article.textContent ?? '')?.[1] ?? 'NaN'
      return Number(amount.replaceAll(',', ''))
    }),
  )

const ascending = (prices: number[]) =>
  prices.every((price, i) => i === 0 || prices[i - 1]! <= price)
const descending = (prices: number[]) => ascending(prices.toReversed())

async function sortBy(page: Page, label: 'Price Low' | 'Price High') {
  await page.getByRole('combobox', { name: 'Sort By:' }).selectOption({ label })
  await expect(page).toHaveURL(label === 'Price Low' ? /sort=price-asc/ : /sort=price-desc/)
}

for (const width of [1280, 390])
  test(`Price Low and Price High follow the prices the cards show on a category, at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/products/smartphones')
    await sortBy(page, 'Price Low')
    const titles = cards(page).getByRole('heading')
    // $737.59 (list $799.99) before $749.46 (list $799.00): the list price would have it the other way.
    await expect(titles.nth(0)).toHaveText('Moto G Play (2024)')
    const low = await shownPrices(page)
    expect(low).toHaveLength(10)
    expect(ascending(low), low.join(' ')).toBe(true)
    const order = await titles.allTextContents()
    expect(order.indexOf('OnePlus 12 256GB')).toBeLessThan(order.indexOf('iPhone 15 128GB'))

    await sortBy(page, 'Price High')
    await expect(titles.nth(0)).toHaveText('Samsung Galaxy S24 Ultra 512GB')
    const high = await shownPrices(page)
    expect(descending(high), high.join(' ')).toBe(true)
  })

for (const width of [1280, 390])
  test(`Price Low and Price High follow the prices the cards show on All Products, across pages, at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/products')
    const status = page.getByRole('status').filter({ hasText: /^Viewing/ })
    for (const label of ['Price Low', 'Price High'] as const) {
      await sortBy(page, label)
      await expect(status).toHaveText(/^Viewing 30 of \d+ products$/)
      // Across pages too: the second page goes on where the first ended.
      await page.getByRole('button', { name: 'Load More' }).click()
      await expect(status).toHaveText(/^Viewing 60 of \d+ products$/)
      const prices = await shownPrices(page)
      const inOrder = label === 'Price Low' ? ascending(prices) : descending(prices)
      expect(inOrder, `${label}: ${prices.join(' ')}`).toBe(true)
    }
  })

test('the $500 - $1000 range holds the products whose shown price is in it', async ({ page }) => {
  await page.goto('/products')
  await page.getByRole('button', { name: 'Show Filter' }).click()
  const panel = page.getByRole('complementary', { name: /^Filter/ })
  await panel.getByRole('button', { name: 'Price Range' }).click()
  await panel.getByRole('checkbox', { name: '$500 - $1000' }).click()
  await panel.getByRole('button', { name: /^Show \d+ Products$/ }).click()
  await expect(page.getByRole('button', { name: 'Remove filter $500 - $1000' })).toBeVisible()
  const status = page.getByRole('status').filter({ hasText: /^Viewing/ })
  const [, total] = /of (\d+) products/.exec((await status.textContent()) ?? '') ?? []
  while ((await cards(page).count()) < Number(total))
    await page.getByRole('button', { name: 'Load More' }).click()
  await expect(status).toHaveText(`Viewing ${total} of ${total} products`)
  const prices = await shownPrices(page)
  expect(prices.length).toBeGreaterThan(0)
  expect(prices.filter((price) => price < 500 || price >= 1000)).toEqual([])
  // iPhone 13 mini lists at $599.00 and shows $464.23: not in the range.
  await expect(cards(page).getByRole('heading', { name: 'iPhone 13 mini 128GB' })).toHaveCount(0)
  await expect(cards(page).getByRole('heading', { name: 'iPhone 15 128GB' })).toHaveCount(1)
})
