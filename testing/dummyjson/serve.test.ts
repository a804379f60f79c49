import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { startDummyJson } from './serve.ts'

describe('startDummyJson', () => {
  it('listens on a free port and, with imageOrigin "self", serves the pictures its records name', async () => {
    const server = await startDummyJson({ port: 0, imageOrigin: 'self' })
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(server.imageOrigin).toBe(server.url)
      const product = (await (await fetch(`${server.url}/products/1`)).json()) as {
        thumbnail: string
      }
      expect(product.thumbnail).toBe(
        `${server.url}/product-images/beauty/essence-mascara-lash-princess/thumbnail.webp`,
      )
      const picture = await fetch(product.thumbnail)
      expect(picture.status).toBe(200)
      expect(picture.headers.get('Content-Type')).toBe('image/svg+xml')
    } finally {
      await server.close()
    }
    await expect(fetch(`${server.url}/products/1`)).rejects.toThrow()
  })
})

/** `node --experimental-strip-types testing/dummyjson/main.ts` with this environment. */
function startMain(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--experimental-strip-types', 'testing/dummyjson/main.ts'],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  const line = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /^DummyJSON dialect running at .*$/m.exec(output)
      if (match) resolve(match[0])
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.on('exit', (code) => reject(new Error(`exited (${code}): ${output}`)))
  })
  line.catch(() => undefined)
  return { child, line, exited, output: () => output }
}

describe('testing/dummyjson/main.ts', () => {
  it('prints where it runs, answers, and exits 0 on SIGTERM', async () => {
    const main = startMain({ PORT: '0', HOST: '127.0.0.1', IMAGE_ORIGIN: '' })
    const line = await main.line
    expect(line).toMatch(
      /^DummyJSON dialect running at http:\/\/127\.0\.0\.1:\d+ \(images at https:\/\/cdn\.dummyjson\.com\)$/,
    )
    const url = /running at (http:\/\/\S+)/.exec(line)?.[1]
    const res = await fetch(`${url}/products/category-list`)
    expect(res.status).toBe(200)
    expect(await res.json()).toContain('smartphones')
    main.child.kill('SIGTERM')
    expect(await main.exited).toBe(0)
    expect(main.output()).toContain('SIGTERM received')
  }, 20_000)

  it('names the image origin it was given, and refuses a PORT that is not a port', async () => {
    const main = startMain({ PORT: '0', IMAGE_ORIGIN: 'http://pictures.test' })
    expect(await main.line).toMatch(/\(images at http:\/\/pictures\.test\)$/)
    main.child.kill('SIGINT')
    expect(await main.exited).toBe(0)
    const bad = startMain({ PORT: 'eighty' })
    expect(await bad.exited).toBe(1)
    expect(bad.output()).toContain("PORT must be a port number (0 for any free port), got 'eighty'")
  }, 20_000)
})
