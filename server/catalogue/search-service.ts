import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { Catalogue, StoredProduct } from './catalogue.ts'
import type { ProductSeed } from './product.schema.ts'

/**
 * The catalogue's search as the API runs it: the products a query finds, best first. Answers
 * asynchronously, so it can run off the event loop (decisions.md § Search limits).
 */
export interface CatalogueSearch {
  search(query: string): Promise<readonly StoredProduct[]>
  /** Stops its workers, if it has any. */
  close(): Promise<void>
}

/** More searches than this waiting for a worker: the search is refused for now (503). */
export class SearchBusyError extends Error {
  constructor() {
    super('Search is busy, please try again in a moment')
    this.name = 'SearchBusyError'
  }
}

/** The search on the calling thread: for the tests and tools that build a catalogue of their own. */
export function inProcessSearch(catalogue: Catalogue): CatalogueSearch {
  return {
    search: (query) => Promise.resolve(catalogue.search(query)),
    close: () => Promise.resolve(),
  }
}

export interface SearchWorkerOptions {
  /** Worker threads, each with its own index (default: the cores but one, at least one). */
  workers?: number
  /** Searches waiting at most, across the workers, before new ones are refused. */
  maxWaiting?: number
  /**
   * The products the workers index, when they are not the bundled catalogue's (benchmarks); the
   * catalogue given must be built from the same seeds.
   */
  seeds?: readonly ProductSeed[]
}

interface Job {
  resolve: (ids: Int32Array) => void
  reject: (error: Error) => void
}

interface SearchThread {
  worker: Worker
  jobs: Map<number, Job>
}

/**
 * The search in worker threads, each indexing the catalogue itself (search-worker.ts): a query,
 * bounded as it is (shared/search), still costs up to about 10 ms of a core, and on the event loop
 * twenty of them at once held every other answer for 200 ms. A search waits for the least busy
 * worker; past `maxWaiting` searches under way, the next is refused with SearchBusyError.
 */
export function workerSearch(
  catalogue: Catalogue,
  {
    workers = Math.max(1, availableParallelism() - 1),
    maxWaiting = 64,
    seeds,
  }: SearchWorkerOptions = {},
): CatalogueSearch {
  let nextId = 0
  let closed = false

  const start = (): SearchThread => {
    const worker = new Worker(new URL('./search-worker.ts', import.meta.url), {
      workerData: { seeds },
    })
    // A server's open workers must not keep it from exiting once it has closed everything else.
    worker.unref()
    const thread: SearchThread = { worker, jobs: new Map() }
    worker.on('message', ({ id, ids }: { id: number; ids: Int32Array }) => {
      thread.jobs.get(id)?.resolve(ids)
      thread.jobs.delete(id)
    })
    const fail = (error: Error) => {
      for (const job of thread.jobs.values()) job.reject(error)
      thread.jobs.clear()
      const index = threads.indexOf(thread)
      // A worker that died is replaced, so the search keeps its workers.
      if (index >= 0 && !closed) threads[index] = start()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`search worker exited (${code})`)))
    return thread
  }
  const threads = Array.from({ length: Math.max(1, workers) }, start)
  const waiting = () => threads.reduce((sum, thread) => sum + thread.jobs.size, 0)

  return {
    async search(query) {
      // Every product, unranked: nothing for a worker to work out (catalogue.search says so too).
      if (!query.trim()) return catalogue.search(query)
      if (closed || waiting() >= maxWaiting) throw new SearchBusyError()
      const thread = threads.reduce((least, thread) =>
        thread.jobs.size < least.jobs.size ? thread : least,
      )
      const id = nextId++
      const ids = await new Promise<Int32Array>((resolve, reject) => {
        thread.jobs.set(id, { resolve, reject })
        thread.worker.postMessage({ id, query })
      })
      return Array.from(ids, (productId) => catalogue.byId(productId)).filter(
        (product): product is StoredProduct => product !== undefined,
      )
    },
    async close() {
      closed = true
      await Promise.all(threads.map((thread) => thread.worker.terminate()))
    },
  }
}
