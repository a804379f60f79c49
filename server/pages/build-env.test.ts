import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BUILD_ENV_FILE, externalApiOrigins, readBuildEnv, sameBuildEnv } from './build-env.ts'

describe('externalApiOrigins', () => {
  afterEach(() => vi.restoreAllMocks())

  it('is empty for the bundled API on the same origin', async () => {
    const fetchJson = vi.fn()
    expect(await externalApiOrigins(undefined, { fetchJson })).toEqual([])
    expect(await externalApiOrigins('/api', { fetchJson })).toEqual([])
    expect(fetchJson).not.toHaveBeenCalled()
  })

  it("is the API's origin and its image hosts, read from one product", async () => {
    const fetchJson = vi.fn().mockResolvedValue({
      products: [
        {
          thumbnail: 'https://cdn.dummyjson.com/products/1/thumbnail.webp',
          images: ['https://cdn.dummyjson.com/products/1/1.webp', 'https://img.example/2.png'],
        },
      ],
    })
    expect(await externalApiOrigins('http://127.0.0.1:8888/', { fetchJson })).toEqual([
      'http://127.0.0.1:8888',
      'https://cdn.dummyjson.com',
      'https://img.example',
    ])
    expect(fetchJson).toHaveBeenCalledWith(
      'http://127.0.0.1:8888/products?limit=1&select=thumbnail,images',
      expect.any(AbortSignal),
    )
  })

  it("falls back to the API's own origin when it does not answer", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const fetchJson = vi.fn().mockRejectedValue(new Error('ECONNREFUSED'))
    expect(await externalApiOrigins('https://dummyjson.com', { fetchJson })).toEqual([
      'https://dummyjson.com',
    ])
  })
})

describe('readBuildEnv', () => {
  const dist = mkdtempSync(join(tmpdir(), 'meridian-build-env-'))
  afterEach(() => rmSync(join(dist, '.vite'), { recursive: true, force: true }))

  it('reads the variables a build recorded, and null for none or garbage', () => {
    expect(readBuildEnv(dist)).toBeNull()
    mkdirSync(join(dist, '.vite'))
    writeFileSync(join(dist, BUILD_ENV_FILE), '{"VITE_API_URL":"https://dummyjson.com"}')
    expect(readBuildEnv(dist)).toEqual({ VITE_API_URL: 'https://dummyjson.com' })
    writeFileSync(join(dist, BUILD_ENV_FILE), 'not json')
    expect(readBuildEnv(dist)).toBeNull()
  })

  it('compares two sets of variables whatever their order', () => {
    expect(sameBuildEnv({ A: '1', B: '2' }, { B: '2', A: '1' })).toBe(true)
    expect(sameBuildEnv({}, { VITE_API_URL: 'https://dummyjson.com' })).toBe(false)
  })
})
