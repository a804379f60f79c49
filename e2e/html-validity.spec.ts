import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'

/**
 * The W3C's Nu HTML Checker (vnu-jar, on Debian's Java) over the HTML the server sends for every
 * route and state the other specs render: what a browser, an assistive technology or a crawler
 * first reads must be valid HTML with valid ARIA. The app's later DOM is axe's to check
 * (accessibility.spec.ts).
 */
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar')
const PAGES = [
  '/',
  '/products',
  '/products/laptops',
  '/products/mens-shoes?size=9&sort=price-asc',
  '/products/smartphones?brand=Apple&price=500-1000',
  '/product/1',
  '/product/109',
  '/product/109?variant=MEN-SAV-109-9-BROWN',
  '/product/99999',
  '/search',
  '/search?q=phone',
  '/search?q=zzzzqx',
  '/cart',
  '/checkout',
  '/saved',
  '/orders',
  '/order-confirmation',
  '/myaccount',
  '/userauth',
  '/customer-service/warranty',
  '/customer-service/returns',
  '/nope',
]

/**
 * A short run's Java: the quick compiler only and one GC thread, so the checker's own compiling
 * and collecting do not take both cores from the browser tests beside it (the same messages, in
 * half the CPU time: 3.5 s against 7.4 s for 16 pages here; it had run past 30 s beside
 * `npm test`). The quick compiler's frames are larger, and the checker's schema needs the stack
 * (it fails with a StackOverflowError at 512 KB).
 */
const JAVA_OPTIONS = ['-Xss2m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xshare:auto']

interface VnuMessage {
  type: string
  subType?: string
  url: string
  message: string
  extract?: string
}

test('the W3C checker finds no error in any page the server sends', async ({ request }) => {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-vnu-'))
  try {
    const files = await Promise.all(
      PAGES.map(async (path, index) => {
        const response = await request.get(path)
        expect(response.headers()['content-type'], path).toContain('text/html')
        const file = join(dir, `${index}.html`)
        writeFileSync(file, await response.body())
        return file
      }),
    )
    const { stdout } = await promisify(execFile)(
      'java',
      [
        ...JAVA_OPTIONS,
        '-jar',
        VNU_JAR,
        '--errors-only',
        '--format',
        'json',
        '--stdout',
        '--exit-zero-always',
        ...files,
      ],
      { maxBuffer: 16 * 2 ** 20 },
    )
    const { messages } = JSON.parse(stdout) as { messages: VnuMessage[] }
    const errors = messages.map((message) => ({
      page: PAGES[Number(/(\d+)\.html$/.exec(message.url)?.[1])],
      message: message.message,
      extract: message.extract,
    }))
    expect(errors).toEqual([])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
