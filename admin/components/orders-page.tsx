import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useState } from 'react'
import { formatPrice } from '../../shared/pricing/pricing.ts'
import { formatDate } from '../../src/lib/format.ts'
import {
  adminKeys,
  fetchOrders,
  fetchOrdersCsv,
  ORDER_STATUSES,
  STATUS_NAMES,
  type OrdersFilter,
  type OrderStatus,
} from '../operator-api.ts'
import styles from '../admin.module.css'
import { LoadError, PageHeading } from './frame.tsx'
import { Pager, SearchForm, StatusBadge, textOf } from './parts.tsx'

const route = getRouteApi('/admin/')

/** Orders a page of the list shows. */
export const ORDERS_PER_PAGE = 20

/** The list as the operator last left it: an order's page goes back to it (a queue of placed ones). */
let lastSearch: { q?: string | undefined; status?: OrderStatus | undefined; page: number } = {
  page: 1,
}
export const lastOrdersSearch = () => lastSearch

/**
 * Orders, newest first, a page at a time: found by number, email or name, filtered by status,
 * and exported as the fulfilment team's CSV (all the orders the filter finds).
 */
export function OrdersPage() {
  const { q, status, page } = route.useSearch()
  useEffect(() => {
    lastSearch = { q, status, page }
  }, [q, status, page])
  const navigate = useNavigate({ from: '/admin/' })
  const orders = useQuery({
    queryKey: [...adminKeys.orders, { q, status, page }],
    queryFn: ({ signal }) =>
      fetchOrders(
        { q, status, skip: (page - 1) * ORDERS_PER_PAGE, limit: ORDERS_PER_PAGE },
        signal,
      ),
    placeholderData: keepPreviousData,
  })
  const pages = Math.max(1, Math.ceil((orders.data?.total ?? 0) / ORDERS_PER_PAGE))
  const filtered = Boolean(q || status)
  return (
    <>
      <div className={styles.titleRow}>
        <PageHeading title="Orders">Orders</PageHeading>
        <ExportCsv filter={{ q, status }} />
      </div>
      <SearchForm
        label="Find orders"
        fieldLabel="Number, email or name"
        q={q}
        onSearch={(form, text) => {
          const chosen = textOf(form, 'status')
          void navigate({
            search: {
              q: text || undefined,
              status: ORDER_STATUSES.find((known) => known === chosen),
              page: 1,
            },
          })
        }}
        clear={
          filtered && (
            <Link to="/admin" search={{ page: 1 }} className={styles.textLink}>
              Clear
            </Link>
          )
        }
      >
        <label className={styles.field}>
          <span>Status</span>
          <select name="status" defaultValue={status ?? ''} key={status ?? ''}>
            <option value="">Any status</option>
            {ORDER_STATUSES.map((known) => (
              <option key={known} value={known}>
                {STATUS_NAMES[known]}
              </option>
            ))}
          </select>
        </label>
      </SearchForm>
      {orders.error && !orders.data ? (
        <LoadError error={orders.error} retry={() => void orders.refetch()} />
      ) : !orders.data ? (
        <p role="status">Loading orders…</p>
      ) : (
        <>
          <p role="status" className={styles.muted}>
            {orders.data.total === 0
              ? filtered
                ? 'No order matches: try a shorter number, or another status.'
                : 'No orders yet.'
              : `${orders.data.total} ${orders.data.total === 1 ? 'order' : 'orders'}${filtered ? ' found' : ''}`}
          </p>
          <ul
            className={styles.list}
            aria-label="Orders, newest first"
            aria-busy={orders.isFetching}
          >
            {orders.data.orders.map((order) => {
              const units = order.lines.reduce((sum, line) => sum + line.quantity, 0)
              return (
                <li key={order.number} className={styles.orderRow}>
                  <Link
                    to="/admin/orders/$number"
                    params={{ number: order.number }}
                    className={styles.orderNumber}
                  >
                    {order.number}
                  </Link>
                  <StatusBadge status={order.status} />
                  <span className={styles.orderWho}>
                    {order.address.firstName} {order.address.lastName}
                    <span className={styles.muted}> · {order.email}</span>
                  </span>
                  <span className={styles.muted}>
                    {formatDate(new Date(order.createdAt), { time: true })}
                  </span>
                  <span className={styles.orderTotal}>
                    {units} {units === 1 ? 'item' : 'items'} · {formatPrice(order.total)}
                  </span>
                </li>
              )
            })}
          </ul>
          <Pager
            page={page}
            pages={pages}
            label="Pages of orders"
            link={(next, text) => (
              <Link to="/admin" search={{ q, status, page: next }} className={styles.textLink}>
                {text}
              </Link>
            )}
          />
        </>
      )}
    </>
  )
}

/** The CSV of every order the filter finds, downloaded with the operator's session. */
function ExportCsv({ filter }: { filter: OrdersFilter }) {
  const [done, setDone] = useState('')
  const messageId = useId()
  const exported = useMutation({
    mutationFn: () => fetchOrdersCsv(filter),
    onSuccess: (csv) => {
      const url = URL.createObjectURL(csv)
      const link = document.createElement('a')
      link.href = url
      link.download = `orders-${new Date().toISOString().slice(0, 10)}.csv`
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(url), 60_000)
      setDone('The CSV is downloaded.')
    },
  })
  return (
    <div className={styles.export}>
      <button
        type="button"
        className={styles.quiet}
        disabled={exported.isPending}
        aria-describedby={messageId}
        onClick={() => {
          setDone('')
          exported.mutate()
        }}
      >
        {exported.isPending ? 'Exporting…' : 'Export CSV'}
      </button>
      <span id={messageId} role="status" className={styles.muted}>
        {exported.error ? exported.error.message : done}
      </span>
    </div>
  )
}
