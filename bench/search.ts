/**
 * `npm run bench:search`: the catalogue's search (server/catalogue/search.ts) at 100,000 products.
 *
 * The synthetic catalogue repeats the bundled one's 191 products with a colour, an edition and a
 * model number of their own in each title, so its words are the shop's words. It reports
 * 1. the index's build time and the heap it takes (after a full GC);
 * 2. one search at a time: p50/p99 over 40 queries shoppers type (typos, swapped words, plurals,
 *    joined words, prefixes), each run 25 times;
 * 3. `products/search` over HTTP at 16 concurrent connections (autocannon, BENCH_SECONDS after a
 *    2 s warm-up) against the API's own product routes in a process of their own, each request a
 *    query of the 40 and a parameter of its own, so no answer comes from the response cache.
 */
import { fork } from 'node:child_process'
import autocannon from 'autocannon'
import * as v from 'valibot'
import seeds from '../server/catalogue/data/products.json' with { type: 'json' }
import { createCatalogue } from '../server/catalogue/catalogue.ts'
import { productSeedSchema, type ProductSeed } from '../server/catalogue/product.schema.ts'

export const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)

export const QUERIES = [
  'iphone',
  'iphnoe',
  'macbook air',
  'macbok air',
  'samsung galaxy',
  'samsnug galaxy',
  'sunglasses',
  'sunglases',
  'helmet',
  'helmett',
  'chandelier',
  'chandeleir',
  'coffee beans',
  'cofee beans',
  'laptop apple',
  'sofa leather',
  'dress black',
  'lamp floor',
  'table oak',
  'light bulbs',
  'dashcam',
  'dash cam',
  'tshirt',
  't-shirt',
  'casio gshock',
  'car phone mount',
  'phone',
  'macb',
  'wireless headphones',
  'running shoes',
  'leather bag',
  'gold necklace',
  'perfume',
  'face cream',
  'office chair',
  'watch',
  'smart watch',
  'red dress',
  'led lamp',
  'xqzvwkj',
]

const COLOURS = ['Black', 'White', 'Silver', 'Navy', 'Red', 'Green', 'Sand', 'Graphite']
const EDITIONS = ['Classic', 'Pro', 'Lite', 'Plus', 'Limited', 'Travel', 'Studio', 'Sport']

/** The bundled catalogue's products, repeated to `count` with titles of their own. */
export function syntheticSeeds(count: number): ProductSeed[] {
  const base = v.parse(v.array(productSeedSchema), seeds)
  return Array.from({ length: count }, (_, i) => {
    const seed = base[i % base.length]!
    const colour = COLOURS[Math.floor(i / base.length) % COLOURS.length]
    const edition = EDITIONS[Math.floor(i / (base.length * COLOURS.length)) % EDITIONS.length]
    return { ...seed, title: `${seed.title} ${edition} ${colour} M${i}` }
  })
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

async function main() {
  const gc = global.gc
  if (typeof gc !== 'function') throw new Error('Run with --expose-gc (npm run bench:search does).')
  const productSeeds = syntheticSeeds(PRODUCTS)

  // 1. build time and memory: the catalogue without a search (an empty list) against with one.
  gc()
  const before = process.memoryUsage().heapUsed
  const started = performance.now()
  const catalogue = createCatalogue(productSeeds)
  const buildMs = performance.now() - started
  gc()
  const heapMb = (process.memoryUsage().heapUsed - before) / 2 ** 20

  // 2. one search at a time
  const times: number[] = []
  const found = new Map<string, number>()
  for (let round = 0; round < 25; round++)
    for (const query of QUERIES) {
      const t = performance.now()
      found.set(query, catalogue.search(query).length)
      times.push(performance.now() - t)
    }
  times.sort((a, b) => a - b)

  console.log(`\nSearch over ${PRODUCTS.toLocaleString('en')} products`)
  console.table([
    {
      'build ms': Math.round(buildMs),
      'heap MB (catalogue and index)': Math.round(heapMb),
      'one search p50 ms': Number(percentile(times, 50).toFixed(2)),
      'one search p99 ms': Number(percentile(times, 99).toFixed(2)),
    },
  ])

  // 3. over HTTP, 16 connections, in a process of its own
  const server = fork(new URL(import.meta.url), ['--serve'], {
    execArgv: ['--experimental-strip-types'],
  })
  const port = await new Promise<number>((resolve) =>
    server.once('message', (message) => resolve(Number(message))),
  )
  try {
    let n = 0
    const run = (duration: number) =>
      autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: 16,
        duration,
        requests: [
          {
            setupRequest: (request) => {
              const query = QUERIES[n++ % QUERIES.length]!
              return { ...request, path: `/products/search?q=${encodeURIComponent(query)}&n=${n}` }
            },
          },
        ],
      })
    await run(2)
    const result = await run(seconds)
    console.table([
      {
        'searches/s (16 connections)': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'non-2xx': result.non2xx,
        errors: result.errors,
      },
    ])
  } finally {
    server.kill()
  }
}

/** The API's product routes over the synthetic catalogue, for part 3. */
async function serve() {
  const { serve: listen } = await import('@hono/node-server')
  const { Hono } = await import('hono')
  const { productRoutes } = await import('../server/routes/products.ts')
  const { RepresentationCache } = await import('../server/http/representation-cache.ts')
  const { inProcessSearch } = await import('../server/catalogue/search-service.ts')
  const catalogue = createCatalogue(syntheticSeeds(PRODUCTS))
  const app = new Hono().route(
    '/products',
    productRoutes({
      catalogue,
      searcher: inProcessSearch(catalogue),
      cache: new RepresentationCache({ maxBytes: 32 * 2 ** 20 }),
      originOf: (c) => new URL(c.req.url).origin,
      apiBase: '/api',
      versionedImage: (path) => path,
    }),
  )
  const server = listen({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
    process.send?.(info.port),
  )
  process.on('SIGTERM', () => server.close())
}

if (process.argv.includes('--serve')) await serve()
else await main()
