import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { formatPrice } from '../../shared/pricing/pricing.ts'
import { formatDate } from '../../src/lib/format.ts'
import {
  adminKeys,
  fetchOrder,
  resendConfirmation,
  STATUS_NAMES,
  type OrderInFull,
  type OrderMail,
  type OrderStatus,
} from '../operator-api.ts'
import styles from '../admin.module.css'
import { LoadError, PageHeading } from './frame.tsx'
import { OrderActions } from './order-actions.tsx'
import { lastOrdersSearch } from './orders-page.tsx'
import { StatusBadge } from './parts.tsx'

const route = getRouteApi('/admin/orders/$number')

const when = (iso: string) => formatDate(new Date(iso), { time: true })

/**
 * One order as the operator works on it: what to do next (ship, deliver, cancel), its lines and
 * totals, where it goes and how it was paid, its mails (sent or not, the confirmation sent again)
 * and its history (each status, when, by whom).
 */
export function OrderPage() {
  const { number } = route.useParams()
  const order = useQuery({
    queryKey: adminKeys.order(number),
    queryFn: ({ signal }) => fetchOrder(number, signal),
    // A mail on its way is asked after again until it has gone (or been given up).
    refetchInterval: (query) =>
      query.state.data?.mails.some((mail) => mail.status === 'waiting') ? 3_000 : false,
  })
  return (
    <>
      <p className={styles.back}>
        <Link to="/admin" search={lastOrdersSearch()} className={styles.textLink}>
          ← Orders
        </Link>
      </p>
      {order.data ? (
        <OrderInView order={order.data} />
      ) : (
        <>
          <PageHeading title={`Order ${number}`}>Order {number}</PageHeading>
          {order.error ? (
            <LoadError error={order.error} retry={() => void order.refetch()} />
          ) : (
            <p role="status">Loading the order…</p>
          )}
        </>
      )}
    </>
  )
}

function OrderInView({ order }: { order: OrderInFull }) {
  const { address, payment } = order
  return (
    <>
      <div className={styles.titleRow}>
        <PageHeading title={`Order ${order.number}`}>Order {order.number}</PageHeading>
        <StatusBadge status={order.status} />
      </div>
      <p className={styles.muted}>
        Placed {when(order.createdAt)} by{' '}
        {order.userId === undefined ? 'a guest' : `account ${order.userId}`}
      </p>
      <div className={styles.orderGrid}>
        <section aria-labelledby="actions" className={styles.panel}>
          <h2 id="actions">Next</h2>
          <OrderActions order={order} />
        </section>
        <section aria-labelledby="items" className={styles.panel}>
          <h2 id="items">Items</h2>
          <ul className={styles.lines}>
            {order.lines.map((line) => (
              <li key={`${line.productId}/${line.sku ?? ''}`} className={styles.line}>
                <span className={styles.lineTitle}>
                  {line.title}
                  {line.label && <span className={styles.muted}> · {line.label}</span>}
                </span>
                <span className={styles.muted}>
                  {line.sku ? `SKU ${line.sku}` : `Product ${line.productId}`}
                </span>
                <span>
                  {line.quantity} × {formatPrice(line.price)}
                  {line.discountPercentage > 0 && (
                    <span className={styles.muted}> − {line.discountPercentage}%</span>
                  )}
                </span>
                <span className={styles.amount}>{formatPrice(line.lineTotal)}</span>
              </li>
            ))}
          </ul>
          <dl className={styles.totals}>
            <dt>Items</dt>
            <dd>{formatPrice(order.subtotal)}</dd>
            {order.discount > 0 && (
              <>
                <dt>Promo{order.promoCode ? ` (${order.promoCode})` : ''}</dt>
                <dd>−{formatPrice(order.discount)}</dd>
              </>
            )}
            <dt>Shipping</dt>
            <dd>Free</dd>
            <dt className={styles.total}>Total</dt>
            <dd className={styles.total}>{formatPrice(order.total)}</dd>
          </dl>
        </section>
        <section aria-labelledby="ship-to" className={styles.panel}>
          <h2 id="ship-to">Ship to</h2>
          <address className={styles.address}>
            {address.firstName} {address.lastName}
            <br />
            {address.address1}
            {address.address2 && (
              <>
                <br />
                {address.address2}
              </>
            )}
            <br />
            {address.city}, {address.state} {address.code}
          </address>
          <h3 className={styles.subheading}>Contact</h3>
          <p className={styles.plain}>
            <a href={`mailto:${order.email}`}>{order.email}</a>
            <br />
            <a href={`tel:${address.mobile}`}>{address.mobile}</a>
          </p>
          <h3 className={styles.subheading}>Payment</h3>
          <p className={styles.plain}>
            {paymentText(payment)}
            {payment.giftCard && <> · gift card</>}
          </p>
          {order.tracking && <Tracking order={order} />}
          {order.cancelReason && (
            <>
              <h3 className={styles.subheading}>Why it was cancelled</h3>
              <p className={styles.plain}>{order.cancelReason}</p>
            </>
          )}
        </section>
        <Mails order={order} />
        <section aria-labelledby="history" className={styles.panel}>
          <h2 id="history">History</h2>
          <ol className={styles.history}>
            {order.history.map((event, index) => (
              <li key={index}>
                <strong>{STATUS_NAMES[event.status as OrderStatus] ?? event.status}</strong>{' '}
                <span className={styles.muted}>
                  {when(event.at)} · by {event.by}
                </span>
                {event.note && <p className={styles.plain}>“{event.note}”</p>}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  )
}

const METHODS: Record<string, string> = {
  card: 'Card',
  paypal: 'PayPal',
  paylater: 'Pay later',
  applepay: 'Apple Pay',
}

const paymentText = ({ method, cardLast4 }: OrderInFull['payment']) =>
  `${METHODS[method] ?? method}${cardLast4 ? ` ending ${cardLast4}` : ''}`

function Tracking({ order }: { order: OrderInFull }) {
  const { carrier, number, url } = order.tracking ?? {}
  if (!carrier && !number && !url) return null
  return (
    <>
      <h3 className={styles.subheading}>Tracking</h3>
      <p className={styles.plain}>
        {carrier && <>{carrier} </>}
        {number && <>{number} </>}
        {url && (
          <a href={url} target="_blank" rel="noopener noreferrer">
            Track the parcel
          </a>
        )}
      </p>
    </>
  )
}

const MAIL_KINDS: Record<string, string> = {
  confirmation: 'Order confirmation',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
}

function mailState(mail: OrderMail) {
  if (mail.status === 'sent' && mail.sentAt) return `Sent ${when(mail.sentAt)}`
  if (mail.status === 'given up')
    return `Not sent: given up after ${mail.attempts} ${mail.attempts === 1 ? 'try' : 'tries'}`
  // A try is counted as it starts: one is the mail on its way now, more are tries that failed.
  return mail.attempts > 1
    ? `Waiting to be sent (tried ${mail.attempts} times)`
    : 'Waiting to be sent'
}

/** Each mail of the order, whether it went, and the confirmation sent again on request. */
function Mails({ order }: { order: OrderInFull }) {
  const queryClient = useQueryClient()
  const [said, setSaid] = useState('')
  const resend = useMutation({
    mutationFn: () => resendConfirmation(order.number),
    onSuccess: ({ message }) => {
      setSaid(message)
      return queryClient.invalidateQueries({ queryKey: adminKeys.order(order.number) })
    },
  })
  return (
    <section aria-labelledby="mails" className={styles.panel}>
      <h2 id="mails">Mails</h2>
      {order.mails.length === 0 ? (
        <p className={styles.plain}>No mail for this order.</p>
      ) : (
        <ul className={styles.mails}>
          {order.mails.map((mail) => (
            <li key={`${mail.kind}-${mail.queuedAt}`}>
              <strong>{MAIL_KINDS[mail.kind] ?? mail.kind}</strong>{' '}
              <span className={styles.muted}>to {mail.to}</span>
              <br />
              <span data-mail-status={mail.status}>{mailState(mail)}</span>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className={styles.quiet}
        disabled={resend.isPending}
        onClick={() => {
          setSaid('')
          resend.mutate()
        }}
      >
        {resend.isPending ? 'Sending…' : 'Send the confirmation again'}
      </button>
      <p role="status" className={styles.muted}>
        {resend.error ? resend.error.message : said}
      </p>
    </section>
  )
}
