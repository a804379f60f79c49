import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadCatalogue } from './catalogue.ts'
import { SearchBusyError, workerSearch, type CatalogueSearch } from './search-service.ts'

/**
 * The server's search in worker threads (decisions.md § Search limits): the same answers as the
 * catalogue's own search, none of the work on the calling thread, and a bound on what may wait.
 */
const catalogue = loadCatalogue()
const opened: CatalogueSearch[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all(opened.splice(0).map((search) => search.close()))
})
const open = (options?: Parameters<typeof workerSearch>[1]) => {
  const search = workerSearch(catalogue, options)
  opened.push(search)
  return search
}

describe('workerSearch', () => {
  it('finds what the catalogue finds, in the same order, without searching on this thread', async () => {
    const queries = ['iphnoe', 'dash cam', 'laptop apple', 'xqzvwkj']
    const expected = queries.map((query) => catalogue.search(query).map((product) => product.id))
    const onThisThread = vi.spyOn(catalogue, 'search')
    const search = open({ workers: 2 })
    const found = await Promise.all(queries.map((query) => search.search(query)))
    expect(found.map((products) => products.map((product) => product.id))).toEqual(expected)
    expect(onThisThread).not.toHaveBeenCalled()
  })

  it('answers an empty query with every product, as the catalogue does', async () => {
    expect(await open().search('  ')).toEqual(catalogue.products)
  })

  it('refuses a search once as many as it allows are waiting, and takes the next once they are done', async () => {
    const search = open({ workers: 1, maxWaiting: 2 })
    const results = await Promise.allSettled(
      ['lamp', 'sofa', 'chair', 'watch'].map((query) => search.search(query)),
    )
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
    ])
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(SearchBusyError)
    expect((await search.search('watch')).length).toBeGreaterThan(0)
  })

  it('refuses searches once closed', async () => {
    const search = open()
    await search.close()
    await expect(search.search('lamp')).rejects.toBeInstanceOf(SearchBusyError)
  })
})
