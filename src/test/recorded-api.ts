import { http, HttpResponse, type JsonBodyType } from 'msw'
import * as v from 'valibot'
import { expect } from 'vitest'
import { ApiError } from '../lib/api-error.ts'
import { apiServer } from './api-server.ts'

/*
 * Replaying RECORDED answers of the public DummyJSON API (testing/dummyjson/recorded, README there)
 * to the SPA's own API layer: `serve` answers one request with a recording and keeps what the SPA
 * sent, so a contract test checks both sides. Only the network is replaced.
 */

export interface SentRequest {
  method: string
  /** The path under the jsdom origin, `/api` being the SPA's API base in tests. */
  path: string
  query: Record<string, string>
  contentType: string | null
  authorization: string | null
  body: unknown
}

/** Answers `method <origin>/api/path` with `answer` and records every request the SPA sent there. */
export function serve(method: 'get' | 'post' | 'put', path: string, answer: () => Response) {
  const sent: SentRequest[] = []
  apiServer.use(
    http[method](`*/api/${path}`, async ({ request }) => {
      const url = new URL(request.url)
      const text = await request.text()
      sent.push({
        method: request.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        contentType: request.headers.get('content-type'),
        authorization: request.headers.get('authorization'),
        body: text ? (JSON.parse(text) as unknown) : undefined,
      })
      return answer()
    }),
  )
  return sent
}

/** A recorded 2xx answer (stored as its body). */
export const recorded =
  (body: JsonBodyType, status = 200) =>
  () =>
    HttpResponse.json(body, { status })
/** A recorded non-2xx answer (stored as `{ status, body }`). */
export const recordedError =
  ({ status, body }: { status: number; body: JsonBodyType }) =>
  () =>
    HttpResponse.json(body, { status })

/** A request as recorded by `serve`: no query, no JSON body and no headers unless given. */
export const sentRequest = (
  request: Pick<SentRequest, 'method' | 'path'> & Partial<SentRequest>,
): SentRequest => ({
  query: {},
  contentType: null,
  authorization: null,
  body: undefined,
  ...request,
})

/** The one request a call made. */
export function only(sent: SentRequest[]): SentRequest {
  expect(sent).toHaveLength(1)
  return sent[0] as SentRequest
}

/**
 * Awaits a fetcher; when the SPA's schema rejects the answer, fails with what valibot rejected
 * (each path once, indexes folded to `*`) instead of the storefront's generic error text.
 */
export async function parsed<T>(call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (error) {
    const cause = error instanceof ApiError ? error.cause : undefined
    if (!(cause instanceof v.ValiError)) throw error
    const issues = new Map<string, number>()
    for (const issue of cause.issues as v.BaseIssue<unknown>[]) {
      const where = (v.getDotPath(issue) ?? '(root)').replaceAll(/\.\d+(?=\.|$)/g, '.*')
      const key = `${where}: ${issue.message}`
      issues.set(key, (issues.get(key) ?? 0) + 1)
    }
    const lines = [...issues].map(([issue, count]) => `  ${issue} (×${count})`)
    throw new Error(`The SPA's schema rejects DummyJSON's answer:\n${lines.join('\n')}`, {
      cause: error,
    })
  }
}

/** The rejection of a call that must fail, as the ApiError the transport promises. */
export async function rejection(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => new Error('Expected the call to fail'),
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}
