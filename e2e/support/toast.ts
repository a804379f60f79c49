import { expect, type Locator, type Page } from '@playwright/test'

/** Taps Add to Cart on the product page open in `page`: the toast it raises, once it shows. */
export async function addToCartToast(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  const toast = page.locator('.Toastify__toast').filter({
    hasText: 'Product Added To Cart Succesfully',
  })
  await expect(toast).toBeVisible()
  return toast
}
