import { beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from './app.ts'
import { createTestApi, type TestApi } from './test-support.ts'

let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})

describe('general rules of the API', () => {
  it('answers GET health', async () => {
    const res = await api.call('/api/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
  })

  it('answers unknown routes with a JSON 404 (ours)', async () => {
    for (const path of ['/api/nope', '/api/products/1/reviews', '/api/users']) {
      const res = await api.call(path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/)
      expect(((await res.json()) as { message: string }).message).toMatch(/not found/i)
    }
    expect((await api.call('/api/products', { method: 'DELETE' })).status).toBe(404)
  })

  it('answers malformed JSON with 400 Invalid JSON body', async () => {
    for (const [path, body] of [
      ['/api/auth/login', '{"username": "emilys",'],
      ['/api/users/add', 'not json'],
      ['/api/auth/refresh', '[1, 2]'],
      ['/api/auth/login', '"just a string"'],
    ] as const) {
      const res = await api.call(path, { body })
      expect(res.status, `${path} ${body}`).toBe(400)
      expect(await res.json()).toEqual({ message: 'Invalid JSON body' })
    }
  })

  it('answers bodies over 64 KiB with 413', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(MAX_BODY_BYTES), password: 'y' })
    const res = await api.call('/api/auth/login', { body: big })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ message: 'Request body too large (limit 64 KiB)' })
    const justUnder = JSON.stringify({
      username: 'emilys',
      password: 'x',
      pad: 'p'.repeat(MAX_BODY_BYTES - 100),
    })
    expect((await api.call('/api/auth/login', { body: justUnder })).status).toBe(400)
  })
})
