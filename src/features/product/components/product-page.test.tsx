import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { discountedPrice, formatPrice } from '../../../../shared/pricing/pricing.ts'
import { apiServer, recordRequests, testApi } from '../../../test/api-server.ts'
import { setViewportWidth } from '../../../test/match-media.ts'
import { renderApp } from '../../../test/render-app.tsx'

interface ApiProduct {
  id: number
  title: string
  brand?: string
  category: string
  description: string
  price: number
  discountPercentage: number
  rating: number
  stock: number
  thumbnail: string
  images: string[]
  reviews: { rating: number; comment: string; date: string; reviewerName: string }[]
  sku: string
  shippingInformation: string
  returnPolicy: string
  warrantyInformation: string
  dimensions: { width: number; height: number; depth: number }
  weight: number
  minimumOrderQuantity: number
}

/**
 * The product as the server has it, to derive what the page must show. Asked at the page's own
 * origin, because the API answers with image URLs on the origin it is called at.
 */
async function apiProduct(id: number): Promise<ApiProduct> {
  const res = await testApi().call(`${location.origin}/api/products/${id}`)
  return (await res.json()) as ApiProduct
}

const main = () => screen.getByRole('main')
const header = () => screen.getByRole('banner')

/** The product's title, and the details column it heads. */
async function findProductTitle(title: string) {
  const heading = await screen.findByRole('heading', { level: 1, name: title })
  return { heading, info: heading.parentElement as HTMLElement }
}

describe('product page (rules.md § Product page)', () => {
  it('shows the product with its breadcrumb and title, from one request', async () => {
    const requests = recordRequests()
    const product = await apiProduct(1)
    await renderApp('/product/1')
    const { info } = await findProductTitle(product.title)

    expect(within(info).getByText(product.brand as string)).toBeInTheDocument()
    expect(within(info).getByText('Smartphones')).toBeInTheDocument()
    expect(within(info).getByText(product.description)).toBeInTheDocument()
    expect(product.discountPercentage).toBeGreaterThan(0)
    const sale = formatPrice(discountedPrice(product.price, product.discountPercentage))
    expect(within(info).getByText(sale)).toBeInTheDocument()
    expect(within(info).getByText(formatPrice(product.price)).closest('s')).not.toBeNull()
    expect(sale).toMatch(/^\$\d/)
    expect(
      within(info).getByRole('img', { name: `Rated ${product.rating.toFixed(1)} out of 5` }),
    ).toBeInTheDocument()
    expect(within(info).getByText('In Stock')).toBeInTheDocument()

    const breadcrumb = within(main()).getByRole('navigation', { name: 'Breadcrumb' })
    const crumbs = within(breadcrumb)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')])
    expect(crumbs).toEqual([
      ['Home', '/'],
      ['Smartphones', '/products/smartphones'],
      [product.title, '/product/1'],
    ])
    expect(within(breadcrumb).getByRole('link', { name: product.title })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await waitFor(() => expect(document.title).toBe(`${product.title} | Meridian`))
    // Product requests only: the category list's background refresh may come at any moment.
    expect(requests.filter((url) => /^\/api\/products\/\d+$/.test(url))).toEqual([
      '/api/products/1',
    ])
  })

  it('opens from a listing without requesting the product again', async () => {
    const { user } = await renderApp('/products')
    const cards = await screen.findAllByRole('article')
    const card = cards[4] as HTMLElement
    const link = within(card).getByRole('link')
    const id = Number(/^\/product\/(\d+)$/.exec(link.getAttribute('href') ?? '')?.[1])
    const product = await apiProduct(id)
    expect(link).toHaveTextContent(product.title)

    const requests = recordRequests()
    await user.click(link)
    const { info } = await findProductTitle(product.title)
    expect(within(info).getByText(product.description)).toBeInTheDocument()
    // The related products may load; the product itself must come from the cached list.
    const related = within(main()).getByRole('region', { name: 'You Might Also Like' })
    await waitFor(() => expect(within(related).getAllByRole('article')).toHaveLength(3))
    // The category list's background refresh may come at any moment: it is not this page's.
    expect(requests.filter((url) => url !== '/api/products/categories')).toEqual([
      expect.stringMatching(/^\/api\/products\?limit=3&skip=\d+$/),
    ])
  })

  it.each(['/product/99999', '/product/abc', '/product/1.5'])(
    'shows the not-found page for %s',
    async (path) => {
      await renderApp(path)
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
      ).toBeInTheDocument()
      await waitFor(() => expect(document.title).toBe('Page not found | Meridian'))
    },
  )

  it('shows the error page when the product fails to load, and Retry recovers', async () => {
    apiServer.use(
      http.get('*/api/products/1', () => HttpResponse.json({ message: 'x' }, { status: 500 }), {
        once: true,
      }),
    )
    const product = await apiProduct(1)
    const { user } = await renderApp('/product/1')
    const alert = await screen.findByRole('alert')
    expect(
      within(alert).getByRole('heading', { name: 'Sorry, this page could not be loaded' }),
    ).toBeInTheDocument()
    expect(alert).toHaveTextContent('Something went wrong please contact system admin!')
    // A failed first load is shown in the page only, not toasted as well.
    expect(screen.getAllByText('Something went wrong please contact system admin!')).toHaveLength(1)
    expect(screen.queryByRole('heading', { name: product.title })).not.toBeInTheDocument()

    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    await findProductTitle(product.title)
    expect(
      screen.queryByRole('heading', { name: 'Sorry, this page could not be loaded' }),
    ).not.toBeInTheDocument()
  })
})

describe("'You Might Also Like' on its own", () => {
  it('shows its own error with Retry while the product stays, and Retry recovers', async () => {
    apiServer.use(
      http.get('*/api/products', () => HttpResponse.json({ message: 'x' }, { status: 500 }), {
        once: true,
      }),
    )
    const product = await apiProduct(1)
    const { user } = await renderApp('/product/1')
    await findProductTitle(product.title)
    const related = screen.getByRole('region', { name: 'You Might Also Like' })
    const alert = await within(related).findByRole('alert')
    expect(alert).toHaveTextContent('Something went wrong please contact system admin!')
    expect(screen.getByRole('heading', { level: 1, name: product.title })).toBeInTheDocument()

    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await within(related).findAllByRole('article')).toHaveLength(3)
  })
})

describe('buying from the product page', () => {
  it("'Add to Cart' adds the product, toasts, and adds 1 more on each click", async () => {
    const product = await apiProduct(1)
    const { user } = await renderApp('/product/1')
    await findProductTitle(product.title)
    expect(within(header()).getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }))
    expect(await screen.findByText('Product Added To Cart Succesfully')).toBeInTheDocument()
    expect(within(header()).getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument()
    const line = {
      id: product.id,
      title: product.title,
      brand: product.brand,
      category: product.category,
      price: product.price,
      discountPercentage: product.discountPercentage,
      thumbnail: product.thumbnail,
      // The stock rules travel with the line: every quantity control obeys them.
      stock: product.stock,
      minimumOrderQuantity: product.minimumOrderQuantity,
    }
    expect(JSON.parse(localStorage.getItem('cart') ?? 'null')).toStrictEqual([
      { ...line, quantity: 1 },
    ])

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }))
    expect(within(header()).getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('cart') ?? 'null')).toStrictEqual([
      { ...line, quantity: 2 },
    ])
  })

  it("'Express Checkout' adds the product and opens the cart", async () => {
    const product = await apiProduct(2)
    const { user, router } = await renderApp('/product/2')
    await findProductTitle(product.title)
    await user.click(screen.getByRole('button', { name: 'Express Checkout' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'))
    expect(within(header()).getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toEqual([
      expect.objectContaining({ id: 2, title: product.title, quantity: 1 }),
    ])
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Your Cart \(\d+\)$/ }),
    ).toBeInTheDocument()
  })

  it('cannot buy a product that is out of stock', async () => {
    const res = await testApi().call('/api/products?limit=0&select=stock')
    const { products } = (await res.json()) as { products: { id: number; stock: number }[] }
    const soldOut = products.find((product) => product.stock === 0)
    expect(soldOut).toBeDefined()
    const product = await apiProduct(soldOut?.id as number)
    const { user } = await renderApp(`/product/${product.id}`)
    const { info } = await findProductTitle(product.title)
    expect(within(info).getByText('Out of Stock')).toBeInTheDocument()
    const add = screen.getByRole('button', { name: 'Add to Cart' })
    const express = screen.getByRole('button', { name: 'Express Checkout' })
    // aria-disabled: a control that stops keeps the focus; the reason is its description.
    for (const button of [add, express]) {
      expect(button).toHaveAttribute('aria-disabled', 'true')
      expect(button).toHaveAccessibleDescription(
        'Out of Stock: you can still save it to My Saved Items',
      )
    }
    await user.click(add)
    await user.click(express)
    expect(localStorage.getItem('cart')).toBeNull()
    expect(within(header()).getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument()
  })

  it('shows how many are left when stock is low', async () => {
    const res = await testApi().call('/api/products?limit=0&select=stock')
    const { products } = (await res.json()) as { products: { id: number; stock: number }[] }
    const low = products.find((product) => product.stock > 0 && product.stock < 10)
    expect(low).toBeDefined()
    const product = await apiProduct(low?.id as number)
    await renderApp(`/product/${product.id}`)
    const { info } = await findProductTitle(product.title)
    expect(within(info).getByText(`Only ${product.stock} left`)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toHaveAttribute(
      'aria-disabled',
      'false',
    )
  })

  it('bookmarks the product in My Saved Items, and the same button removes it', async () => {
    const product = await apiProduct(3)
    const { user } = await renderApp('/product/3')
    await findProductTitle(product.title)
    const bookmark = screen.getByRole('button', { name: 'Save to My Saved Items' })
    expect(bookmark).toHaveAttribute('aria-pressed', 'false')

    await user.click(bookmark)
    // A toggle keeps its name; its pressed state says whether the product is saved.
    expect(bookmark).toHaveAttribute('aria-pressed', 'true')
    expect(bookmark).toHaveAccessibleName('Save to My Saved Items')
    expect(JSON.parse(localStorage.getItem('savedItems') ?? 'null')).toEqual([
      {
        id: product.id,
        title: product.title,
        brand: product.brand,
        category: product.category,
        price: product.price,
        discountPercentage: product.discountPercentage,
        rating: product.rating,
        thumbnail: product.thumbnail,
        stock: product.stock,
        minimumOrderQuantity: product.minimumOrderQuantity,
      },
    ])

    await user.click(bookmark)
    expect(bookmark).toHaveAttribute('aria-pressed', 'false')
    expect(JSON.parse(localStorage.getItem('savedItems') ?? 'null')).toEqual([])
  })

  it('says how it ships, and offers no in-store pickup, which a cart line cannot keep', async () => {
    await renderApp('/product/1')
    const shipping = await screen.findByRole('group', { name: 'Shipping' })
    expect(shipping).toHaveTextContent('Free Standard Shipping to 30346')
    // Not a choice: the one way an order goes, and nothing to choose that the cart would drop.
    expect(within(shipping).queryByRole('radio')).not.toBeInTheDocument()
    expect(screen.queryByText(/In-Store Pickup/i)).not.toBeInTheDocument()
  })
})

describe('choosing options (rules.md § Options and variants)', () => {
  const picker = (name: string) => screen.getByRole('group', { name: new RegExp(`^${name}:`) })
  const cart = () => JSON.parse(localStorage.getItem('cart') ?? '[]') as Record<string, unknown>[]

  it('opens on the cheapest variant in stock, and its price, stock and SKU follow the choice by keyboard', async () => {
    const product = await apiProduct(17)
    const { user, router } = await renderApp('/product/17')
    const { info } = await findProductTitle(product.title)
    expect(picker('Memory')).toHaveAccessibleName('Memory: 16GB')
    expect(picker('Storage')).toHaveAccessibleName('Storage: 512GB')
    const sale = (price: number) => formatPrice(discountedPrice(price, product.discountPercentage))
    expect(within(info).getByText(sale(1649))).toBeInTheDocument()
    expect(within(info).getByText('In Stock')).toBeInTheDocument()

    // 32GB is a link to its variant: the keyboard reaches it and Enter chooses it.
    const memory32 = within(picker('Memory')).getByRole('link', { name: '32GB' })
    memory32.focus()
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ variant: 'LAP-LEN-017-32GB-512GB' }),
    )
    expect(picker('Memory')).toHaveAccessibleName('Memory: 32GB')
    expect(within(info).getByText(sale(1849))).toBeInTheDocument()
    expect(within(info).getByText('Only 9 left')).toBeInTheDocument()
    expect(screen.getByText('LAP-LEN-017-32GB-512GB')).toBeInTheDocument()
    // Choosing replaced the history entry: Back leaves the product rather than stepping back.
    expect(router.history.length).toBe(1)
  })

  it('says which value is not made with the other chosen, and choosing it opens one that is', async () => {
    const product = await apiProduct(17)
    const { user, router } = await renderApp('/product/17')
    await findProductTitle(product.title)
    // 16GB with 1TB is not sold.
    const terabyte = within(picker('Storage')).getByRole('link', {
      name: '1TB, Not available in 16GB',
    })
    expect(within(picker('Storage')).getByText('1TB: Not available in 16GB')).toBeInTheDocument()
    await user.click(terabyte)
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ variant: 'LAP-LEN-017-32GB-1TB' }),
    )
    expect(picker('Memory')).toHaveAccessibleName('Memory: 32GB')
  })

  it('marks a sold-out value, and its variant cannot be bought', async () => {
    const product = await apiProduct(109)
    const { user } = await renderApp('/product/109?variant=MEN-SAV-109-11-BLACK')
    const { info } = await findProductTitle(product.title)
    const brown = within(picker('Colour')).getByRole('link', { name: 'Brown, Sold out' })
    await user.click(brown)
    expect(await within(info).findByText('Out of Stock')).toBeInTheDocument()
    const add = screen.getByRole('button', { name: 'Add to Cart' })
    expect(add).toHaveAttribute('aria-disabled', 'true')
    await user.click(add)
    expect(cart()).toEqual([])
  })

  it('adds the chosen variant as its own line, named by its values; another size is another line', async () => {
    const product = await apiProduct(109)
    const { user } = await renderApp('/product/109?variant=MEN-SAV-109-9-BROWN')
    await findProductTitle(product.title)
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }))
    await user.click(within(picker('Size')).getByRole('link', { name: '10' }))
    await waitFor(() => expect(picker('Size')).toHaveAccessibleName('Size: 10'))
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }))
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }))
    expect(
      cart().map(({ id, variant, quantity, stock }) => [id, variant, quantity, stock]),
    ).toEqual([
      [109, { sku: 'MEN-SAV-109-9-BROWN', label: 'Size 9 · Brown' }, 1, 4],
      [109, { sku: 'MEN-SAV-109-10-BROWN', label: 'Size 10 · Brown' }, 2, 3],
    ])
    expect(within(header()).getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument()
  })

  it('saves the chosen variant in My Saved Items', async () => {
    await renderApp('/product/109?variant=MEN-SAV-109-8-BLACK')
    const bookmark = await screen.findByRole('button', { name: 'Save to My Saved Items' })
    fireEvent.click(bookmark)
    expect(JSON.parse(localStorage.getItem('savedItems') ?? '[]')).toEqual([
      expect.objectContaining({
        id: 109,
        variant: { sku: 'MEN-SAV-109-8-BLACK', label: 'Size 8 · Black' },
        stock: 4,
      }),
    ])
  })
})

describe('around the product', () => {
  it.each([1, 2, 50, 99, 100])(
    "'You Might Also Like' shows 3 other products for product %i",
    async (id) => {
      await renderApp(`/product/${id}`)
      const section = await screen.findByRole('region', { name: 'You Might Also Like' })
      await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(3))
      const hrefs = within(section)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'))
      expect(hrefs).toHaveLength(3)
      for (const href of hrefs) expect(href).toMatch(/^\/product\/\d+$/)
      expect(new Set(hrefs).size).toBe(3)
      expect(hrefs).not.toContain(`/product/${id}`)
    },
  )

  it("loads the suggestions' images lazily: they are below the first screen", async () => {
    await renderApp('/product/1')
    const section = await screen.findByRole('region', { name: 'You Might Also Like' })
    // The card photos are decorative (alt=""): the card's title names the product.
    const photos = () => within(section).queryAllByRole('presentation')
    await waitFor(() => expect(photos()).toHaveLength(3))
    for (const image of photos()) {
      expect(image.tagName).toBe('IMG')
      expect(image).toHaveAttribute('loading', 'lazy')
      expect(image).not.toHaveAttribute('fetchpriority', 'high')
    }
  })

  it("lists the four perks under 'Included with this Purchase'", async () => {
    await renderApp('/product/1')
    const section = await screen.findByRole('region', { name: 'Included with this Purchase' })
    const perks = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent)
    // The warranty is the product's own (product 1: '1 year warranty').
    expect(perks).toEqual([
      '1 Year Warranty',
      'Free Gift Boxing',
      'Free Shipping and Returns',
      'Customize and Monogram',
    ])
  })
})

describe("the product's own details (rules.md § Product page)", () => {
  const details = () => screen.getByRole('region', { name: 'Product Details' })
  const fact = (label: string) =>
    within(details()).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent

  it('shows its shipping, returns, warranty, size, weight, SKU and minimum order, open on a wide screen', async () => {
    setViewportWidth(1280)
    const product = await apiProduct(1)
    await renderApp('/product/1')
    await waitFor(details)
    expect(fact('Shipping')).toBe(product.shippingInformation)
    expect(fact('Returns')).toBe(product.returnPolicy)
    expect(fact('Warranty')).toBe(product.warrantyInformation)
    const { width, height, depth } = product.dimensions
    expect(fact('Dimensions')).toBe(`${width} × ${height} × ${depth} cm (W × H × D)`)
    expect(fact('Weight')).toBe(`${product.weight} kg`)
    expect(fact('SKU')).toBe(product.sku)
    expect(fact('Minimum order')).toBe(
      `${product.minimumOrderQuantity} ${product.minimumOrderQuantity === 1 ? 'item' : 'items'}`,
    )
    expect(within(details()).queryAllByRole('button')).toEqual([])
  })

  it('is an accordion on a phone', async () => {
    setViewportWidth(390)
    const product = await apiProduct(1)
    const { user } = await renderApp('/product/1')
    await waitFor(details)
    const warranty = within(details()).getByRole('button', { name: 'Warranty' })
    expect(warranty).toHaveAttribute('aria-expanded', 'false')
    expect(within(details()).getByText(product.warrantyInformation)).not.toBeVisible()
    await user.click(warranty)
    expect(warranty).toHaveAttribute('aria-expanded', 'true')
    expect(within(details()).getByText(product.warrantyInformation)).toBeVisible()
  })

  it("puts the product's own terms in place of the generic ones, keeping the spec's perks and options", async () => {
    const product = await apiProduct(3)
    await renderApp('/product/3')
    const shipping = await screen.findByRole('group', { name: 'Shipping' })
    expect(within(shipping).getByText(product.shippingInformation)).toBeInTheDocument()
    expect(within(shipping).getByText(/Free Standard Shipping/)).toBeInTheDocument()
    // One warranty on the page: the perk names the product's own ('2 year warranty'), as its
    // Product Details do, never the generic five years beside it.
    expect(product.warrantyInformation).toBe('2 year warranty')
    const perks = screen.getByRole('region', { name: 'Included with this Purchase' })
    const titles = within(perks)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent)
    expect(titles).toEqual([
      '2 Year Warranty',
      'Free Gift Boxing',
      'Free Shipping and Returns',
      'Customize and Monogram',
    ])
    expect(
      within(perks).getByText('Repairs or replacement, free, for 2 years.'),
    ).toBeInTheDocument()
    expect(product.returnPolicy).toBe('30 days return policy')
    expect(within(perks).getByText('Delivered free; returns free for 30 days.')).toBeInTheDocument()
    expect(within(perks).queryByText(/5 year/i)).not.toBeInTheDocument()
  })
})

describe('reviews (rules.md § Product page)', () => {
  const reviewsRegion = () => screen.getByRole('region', { name: 'Customer Reviews' })

  it('shows the rating, how many reviews, their spread by stars, and each review, newest first', async () => {
    const product = await apiProduct(1)
    await renderApp('/product/1')
    const region = await waitFor(reviewsRegion)
    expect(within(region).getByText(product.rating.toFixed(1))).toBeInTheDocument()
    expect(within(region).getByText(`${product.reviews.length} reviews`)).toBeInTheDocument()
    const spread = within(region).getByRole('list', { name: 'Reviews by stars' })
    const rows = within(spread)
      .getAllByRole('listitem')
      .map((row) => row.textContent)
    const count = (stars: number) => product.reviews.filter((r) => r.rating === stars).length
    expect(rows).toEqual(
      [5, 4, 3, 2, 1].map(
        (stars) =>
          `${stars} star${stars === 1 ? '' : 's'}${count(stars)} ${count(stars) === 1 ? 'review' : 'reviews'}`,
      ),
    )
    const newest = [...product.reviews].sort((a, b) => Date.parse(b.date) - Date.parse(a.date))
    const reviews = within(within(region).getByRole('list', { name: 'Reviews' })).getAllByRole(
      'article',
    )
    expect(reviews.map((review) => within(review).getByRole('heading').textContent)).toEqual(
      newest.map((review) => review.reviewerName),
    )
    const first = reviews[0]!
    expect(within(first).getByText(newest[0]!.comment)).toBeInTheDocument()
    expect(
      within(first).getByRole('img', { name: `Rated ${newest[0]!.rating.toFixed(1)} out of 5` }),
    ).toBeInTheDocument()
    const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(newest[0]!.date),
    )
    expect(first.querySelector('time')).toHaveTextContent(date)
    expect(first.querySelector('time')).toHaveAttribute('datetime', newest[0]!.date)
  })

  it('sorts the reviews by highest or lowest rating', async () => {
    const product = await apiProduct(1)
    const { user } = await renderApp('/product/1')
    const region = await waitFor(reviewsRegion)
    const ratings = () =>
      within(within(region).getByRole('list', { name: 'Reviews' }))
        .getAllByRole('img')
        .map((stars) => stars.getAttribute('aria-label'))
    const label = (rating: number) => `Rated ${rating.toFixed(1)} out of 5`
    const byRating = product.reviews.map((review) => review.rating).sort((a, b) => b - a)
    await user.selectOptions(within(region).getByLabelText('Sort reviews'), 'Highest rated')
    expect(ratings()).toEqual(byRating.map(label))
    await user.selectOptions(within(region).getByLabelText('Sort reviews'), 'Lowest rated')
    expect(ratings()).toEqual([...byRating].reverse().map(label))
  })

  it('says so when a product has no reviews', async () => {
    const product = await apiProduct(2)
    apiServer.use(
      http.get('*/api/products/2', () => HttpResponse.json({ ...product, reviews: [] })),
    )
    await renderApp('/product/2')
    expect(
      await within(await waitFor(reviewsRegion)).findByText('No reviews yet.'),
    ).toBeInTheDocument()
  })
})
