import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { apiServer } from '../test/api-server.ts'
import { apiBaseUrl, requestJson } from './api-client.ts'
import { ApiError, errorMessages, isRetryable } from './api-error.ts'

const http500 = new ApiError({ kind: 'http', status: 500, body: { message: 'boom' } }, 'boom')
const httpError = (status: number, body: unknown) =>
  new ApiError({ kind: 'http', status, body }, 'x')

describe('error messages (rules.md § Error messages)', () => {
  it.each([
    ['500', http500, ['Something went wrong please contact system admin!']],
    [
      'errors list',
      httpError(422, { errors: ['Email taken', 'Name too long'] }),
      ['Email taken', 'Name too long'],
    ],
    [
      'errors list with objects',
      httpError(400, { errors: [{ message: 'Bad zip' }, {}] }),
      ['Bad zip', 'Something went wrong'],
    ],
    [
      'empty errors list with a message',
      httpError(400, { errors: [], message: 'Invalid credentials' }),
      ['Invalid credentials'],
    ],
    [
      'message',
      httpError(404, { message: "Product with id '9' not found" }),
      ["Product with id '9' not found"],
    ],
    ['string body', httpError(502, 'Bad gateway from upstream'), ['Bad gateway from upstream']],
    ['nothing usable', httpError(418, null), ['Something went wrong']],
    [
      'offline',
      new ApiError({ kind: 'network', offline: true }, 'x'),
      ['You are offline. Check your connection and try again.'],
    ],
    [
      'unreachable while online',
      new ApiError({ kind: 'network', offline: false }, 'x'),
      ['Meridian could not reach its catalogue service. Please try again in a moment.'],
    ],
    [
      'bad data',
      new ApiError({ kind: 'invalid-response', detail: '' }, 'x'),
      ['Something went wrong'],
    ],
  ])('%s', (_name, error, expected) => {
    expect(errorMessages(error)).toEqual(expected)
  })

  it('retries only what another try could fix', () => {
    expect(isRetryable(http500)).toBe(true)
    expect(isRetryable(new ApiError({ kind: 'network', offline: false }, 'x'))).toBe(true)
    // Offline, another try could only wait for the connection (decisions.md § Offline).
    expect(isRetryable(new ApiError({ kind: 'network', offline: true }, 'x'))).toBe(false)
    expect(isRetryable(new ApiError({ kind: 'timeout' }, 'x'))).toBe(true)
    expect(isRetryable(httpError(404, {}))).toBe(false)
    expect(isRetryable(new ApiError({ kind: 'invalid-response', detail: '' }, 'x'))).toBe(false)
  })
})

describe('requestJson', () => {
  const schema = v.object({ id: v.number(), title: v.string() })

  it('resolves the API base against the page and validates the answer', async () => {
    expect(apiBaseUrl('/api', 'http://shop.test/products/x')).toBe('http://shop.test/api/')
    expect(apiBaseUrl('https://dummyjson.com', 'http://shop.test/')).toBe('https://dummyjson.com/')
    expect(await requestJson(schema, 'products/1')).toMatchObject({ id: 1 })
  })

  it('turns each failure into a typed ApiError', async () => {
    await expect(requestJson(schema, 'products/99999')).rejects.toMatchObject({
      failure: {
        kind: 'http',
        status: 404,
        body: { message: "Product with id '99999' not found" },
      },
    })
    apiServer.use(http.get('*/api/products/1', () => HttpResponse.json({ id: 'one' })))
    await expect(requestJson(schema, 'products/1')).rejects.toMatchObject({
      failure: { kind: 'invalid-response' },
    })
    apiServer.use(
      http.get(
        '*/api/products/2',
        () =>
          new HttpResponse('{"id": 2, "ti', { headers: { 'Content-Type': 'application/json' } }),
      ),
    )
    await expect(requestJson(schema, 'products/2')).rejects.toMatchObject({
      failure: { kind: 'invalid-response' },
    })
    apiServer.use(http.get('*/api/products/3', () => HttpResponse.error()))
    await expect(requestJson(schema, 'products/3')).rejects.toMatchObject({
      failure: { kind: 'network', offline: false },
    })
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await expect(requestJson(schema, 'products/3')).rejects.toMatchObject({
      failure: { kind: 'network', offline: true },
    })
    onLine.mockRestore()
  })
})
