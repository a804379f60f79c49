import type { Address } from '../shared/address/address.schema.ts'
import type { OrderLine } from '../shared/orders/order-line.ts'

/**
 * The back office's talk with the operator's routes (docs/api.md § Operator): the session's token
 * as a bearer on every call, each refusal an OperatorApiError with the server's own message.
 */

/** Where the operator's session is kept on this device: until sign-out, or its 12 hours. */
const SESSION_KEY = 'meridian-operator'
const API = '/api/admin'

export interface OperatorSession {
  token: string
  email: string
  expiresAt: string
}

/**
 * The session kept on this device; a corrupted one is dropped. Whether it has run out is the
 * server's to say (a 401), not this device's clock, which may be hours off.
 */
export function storedSession(): OperatorSession | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as unknown
    if (
      kept &&
      typeof kept === 'object' &&
      'token' in kept &&
      typeof kept.token === 'string' &&
      'email' in kept &&
      typeof kept.email === 'string' &&
      'expiresAt' in kept &&
      typeof kept.expiresAt === 'string'
    )
      return { token: kept.token, email: kept.email, expiresAt: kept.expiresAt }
  } catch {
    // Unreadable or not JSON: as if there were none.
  }
  forgetSession()
  return undefined
}

export function keepSession(session: OperatorSession): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session))
}

export function forgetSession(): void {
  try {
    localStorage.removeItem(SESSION_KEY)
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/** A refusal: the HTTP status and the server's message (or one in words when it sent none). */
export class OperatorApiError extends Error {
  readonly status: number
  readonly body: unknown
  constructor(status: number, message: string, body: unknown) {
    super(message)
    this.name = 'OperatorApiError'
    this.status = status
    this.body = body
  }
}

/** Whether a failure is the session's end (signed out elsewhere, removed, run out): sign in again. */
export const isSessionEnded = (error: unknown) =>
  error instanceof OperatorApiError && error.status === 401

interface CallInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  json?: unknown
  signal?: AbortSignal | undefined
}

/** The answer of an operator's route, as `read` reads it (JSON by default). */
export async function callAdmin<T>(
  path: string,
  { method = 'GET', json, signal }: CallInit = {},
  read: (response: Response) => Promise<T> = (response) => response.json() as Promise<T>,
): Promise<T> {
  const token = storedSession()?.token
  let response: Response
  try {
    response = await fetch(new URL(`${API}/${path}`, location.origin), {
      method,
      headers: {
        Accept: 'application/json',
        ...(token && { Authorization: `Bearer ${token}` }),
        ...(json !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(json !== undefined && { body: JSON.stringify(json) }),
      cache: 'no-store',
      signal,
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new OperatorApiError(
      0,
      'The shop’s server cannot be reached: check the connection.',
      null,
    )
  }
  if (response.ok) return read(response)
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null
  const message =
    typeof body?.message === 'string' && body.message
      ? body.message
      : `The server answered ${response.status}: try again.`
  if (response.status === 401 && path !== 'session') forgetSession()
  throw new OperatorApiError(response.status, message, body)
}

/** Signs in (answering the server's proof of work when it asks for one) and keeps the session. */
export async function signIn(email: string, password: string): Promise<OperatorSession> {
  let proof: { challenge: string; nonce: string } | undefined
  for (let tries = 0; ; tries++) {
    try {
      const session = await callAdmin<OperatorSession>('session', {
        method: 'POST',
        json: { email, password, ...(proof && { proof }) },
      })
      keepSession(session)
      return session
    } catch (error) {
      const challenge = challengeOf(error)
      if (!challenge || tries >= 3) throw error
      const { solveChallenge } = await import('../src/lib/proof-of-work.ts')
      proof = {
        challenge: challenge.token,
        nonce: await solveChallenge(challenge.token, challenge.difficulty),
      }
    }
  }
}

function challengeOf(error: unknown): { token: string; difficulty: number } | undefined {
  if (!(error instanceof OperatorApiError) || error.status !== 429) return undefined
  const challenge = (error.body as { challenge?: { token?: unknown; difficulty?: unknown } } | null)
    ?.challenge
  return typeof challenge?.token === 'string' && typeof challenge.difficulty === 'number'
    ? { token: challenge.token, difficulty: challenge.difficulty }
    : undefined
}

/** Ends the session on the server (every device holding its token), then forgets it here. */
export async function signOut(): Promise<void> {
  try {
    if (storedSession())
      await callAdmin('session', { method: 'DELETE' }, () => Promise.resolve(undefined))
  } finally {
    forgetSession()
  }
}

/** The back office's query keys: a change to an order refreshes it and every list of orders. */
export const adminKeys = {
  orders: ['admin', 'orders'] as const,
  order: (number: string) => ['admin', 'order', number] as const,
  stock: ['admin', 'stock'] as const,
}

export const ORDER_STATUSES = ['placed', 'shipped', 'delivered', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const STATUS_NAMES: Record<OrderStatus, string> = {
  placed: 'Placed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
}

/** An order as the server keeps it (docs/api.md § Orders), with the operator's view of it. */
export interface AdminOrder {
  number: string
  status: OrderStatus
  createdAt: string
  email: string
  userId?: number
  address: Address
  payment: { method: string; cardLast4?: string; giftCard?: boolean }
  promoCode?: string
  lines: OrderLine[]
  subtotal: number
  discount: number
  total: number
  tracking?: { carrier?: string; number?: string; url?: string }
  shippedAt?: string
  deliveredAt?: string
  cancelledAt?: string
  cancelReason?: string
}

export interface OrderEvent {
  status: string
  at: string
  by: string
  note?: string
}

export interface OrderMail {
  kind: string
  to: string
  subject: string
  status: 'sent' | 'waiting' | 'given up'
  queuedAt: string
  sentAt?: string
  attempts: number
}

export interface OrderInFull extends AdminOrder {
  history: OrderEvent[]
  mails: OrderMail[]
}

export interface OrdersPage {
  orders: AdminOrder[]
  total: number
  skip: number
}

export interface OrdersFilter {
  q?: string | undefined
  status?: OrderStatus | undefined
}

const queryOf = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([name, value]) =>
      value === undefined || value === '' ? [] : [[name, String(value)]],
    ),
  ).toString()

export const fetchOrders = (
  { q, status, skip, limit }: OrdersFilter & { skip: number; limit: number },
  signal?: AbortSignal,
) => callAdmin<OrdersPage>(`orders?${queryOf({ q, status, skip, limit })}`, { signal })

export const fetchOrder = (number: string, signal?: AbortSignal) =>
  callAdmin<OrderInFull>(`orders/${encodeURIComponent(number)}`, { signal })

/** The CSV of the orders this filter finds, all of them (GET admin/orders?format=csv). */
export const fetchOrdersCsv = ({ q, status }: OrdersFilter) =>
  callAdmin(`orders?${queryOf({ q, status, format: 'csv' })}`, {}, (response) => response.blob())

export interface ShipAsked {
  carrier?: string
  trackingNumber?: string
  trackingUrl?: string
}

export const changeOrder = (
  number: string,
  change:
    | { to: 'shipped'; tracking: ShipAsked }
    | { to: 'delivered' }
    | { to: 'cancelled'; reason?: string },
) => {
  const path = `orders/${encodeURIComponent(number)}`
  if (change.to === 'shipped')
    return callAdmin<OrderInFull>(`${path}/ship`, { method: 'POST', json: change.tracking })
  if (change.to === 'delivered')
    return callAdmin<OrderInFull>(`${path}/deliver`, { method: 'POST', json: {} })
  return callAdmin<OrderInFull>(`${path}/cancel`, {
    method: 'POST',
    json: change.reason ? { reason: change.reason } : {},
  })
}

export const resendConfirmation = (number: string) =>
  callAdmin<{ message: string }>(`orders/${encodeURIComponent(number)}/resend`, {
    method: 'POST',
    json: { kind: 'confirmation' },
  })

export interface StockLine {
  productId: number
  sku: string
  title: string
  label?: string
  stock: number
}

export interface StockPage {
  lines: StockLine[]
  total: number
  skip: number
}

export const fetchStock = (
  { q, skip, limit }: { q?: string | undefined; skip: number; limit: number },
  signal?: AbortSignal,
) => callAdmin<StockPage>(`stock?${queryOf({ q, skip, limit })}`, { signal })

export interface StockChange {
  productId: number
  sku?: string
  before: number
  stock: number
}

/** A level set after a count (PUT), or moved by a delivery or a loss (PATCH), as it stands then. */
export const changeStock = (
  line: Pick<StockLine, 'productId' | 'sku'>,
  change: { set: number } | { by: number },
) =>
  callAdmin<StockChange[]>('stock', {
    method: 'set' in change ? 'PUT' : 'PATCH',
    json: [
      'set' in change
        ? { productId: line.productId, sku: line.sku, stock: change.set }
        : { productId: line.productId, sku: line.sku, by: change.by },
    ],
  }).then((changes) => changes[0]!)
