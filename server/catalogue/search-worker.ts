import { parentPort, workerData } from 'node:worker_threads'
import { createCatalogue, loadCatalogue } from './catalogue.ts'
import type { ProductSeed } from './product.schema.ts'

/**
 * A worker thread of the catalogue's search (search-service.ts): it indexes the same catalogue as
 * the server and answers each query with the ids it finds, best first.
 */
const { seeds } = workerData as { seeds?: readonly ProductSeed[] }
const catalogue = seeds ? createCatalogue(seeds) : loadCatalogue()

parentPort?.on('message', ({ id, query }: { id: number; query: string }) => {
  const ids = Int32Array.from(catalogue.search(query), (product) => product.id)
  parentPort?.postMessage({ id, ids }, [ids.buffer])
})
