import { startDummyJson } from './serve.ts'

/**
 * The DummyJSON dialect as a process:
 * `PORT=8787 HOST=127.0.0.1 IMAGE_ORIGIN=self node --experimental-strip-types testing/dummyjson/main.ts`
 */
const rawPort = process.env.PORT || '8787'
if (!/^\d{1,5}$/.test(rawPort) || Number(rawPort) > 65535) {
  console.error(`PORT must be a port number (0 for any free port), got '${rawPort}'`)
  process.exit(1)
}

const starting = startDummyJson({
  port: Number(rawPort),
  host: process.env.HOST || '127.0.0.1',
  imageOrigin: process.env.IMAGE_ORIGIN || undefined,
})

let stopping = false
function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`${signal} received, shutting down`)
  // A client holding a connection open must not keep the process alive for ever.
  setTimeout(() => process.exit(1), 5000).unref()
  starting
    .then((server) => server.close())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    )
}
// Listening before the "running at" line goes out: whoever reads it may stop the server at once.
process.on('SIGINT', () => shutdown('SIGINT'))
process.on('SIGTERM', () => shutdown('SIGTERM'))

const server = await starting
// Tests read the URL from this line (`running at (http://\S+)`).
console.log(`DummyJSON dialect running at ${server.url} (images at ${server.imageOrigin})`)
