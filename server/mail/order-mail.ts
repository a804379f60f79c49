import { formatPrice } from '../../shared/pricing/pricing.ts'
import type { OutboxMessage } from './outbox.ts'
import type { OrderLine } from '../orders/price-order.ts'

/** What the confirmation says of an order: never card data, not even its last four digits. */
export interface ConfirmedOrder {
  number: string
  email: string
  lines: readonly OrderLine[]
  subtotal: number
  discount: number
  total: number
  promoCode?: string
  address: {
    firstName: string
    lastName: string
    address1: string
    address2?: string
    city: string
    state: string
    code: string
  }
}

/** Text as HTML: its markup characters escaped. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ??
      character,
  )

const lineName = (line: OrderLine) => (line.label ? `${line.title} (${line.label})` : line.title)

/**
 * The order confirmation (rules.md § Order confirmation, made real): its number, lines, amounts
 * and shipping address, in plain text and HTML, and where to find the order again. Its id makes
 * every attempt to send it one message (server/mail/transport.ts).
 */
export function orderConfirmation(
  order: ConfirmedOrder,
  { brand, origin }: { brand: string; origin: string },
): OutboxMessage {
  const { address } = order
  const addressLines = [
    `${address.firstName} ${address.lastName}`,
    address.address1,
    ...(address.address2 ? [address.address2] : []),
    `${address.city}, ${address.state} ${address.code}`,
  ]
  const amounts: [string, string][] = [
    ['Items', formatPrice(order.subtotal)],
    ...(order.discount > 0
      ? ([[`Promo ${order.promoCode ?? ''}`.trim(), formatPrice(-order.discount)]] as [
          string,
          string,
        ][])
      : []),
    ['Shipping', formatPrice(0)],
    ['Total', formatPrice(order.total)],
  ]
  const findUrl = `${origin}/orders/find?number=${encodeURIComponent(order.number)}`
  const text = [
    `Thank you for your order!`,
    '',
    `Order number: ${order.number}`,
    '',
    ...order.lines.map(
      (line) => `${line.quantity} × ${lineName(line)}  ${formatPrice(line.lineTotal)}`,
    ),
    '',
    ...amounts.map(([label, amount]) => `${label}: ${amount}`),
    '',
    'Shipping to:',
    ...addressLines,
    '',
    `Find this order again: ${findUrl}`,
    '',
    brand,
  ].join('\n')
  const html = `<!DOCTYPE html><html><body style="font-family:sans-serif;color:#1a1a1a">
<h1 style="font-size:20px">Thank you for your order!</h1>
<p>Order number: <strong>${escapeHtml(order.number)}</strong></p>
<table cellpadding="4" style="border-collapse:collapse">
${order.lines
  .map(
    (line) =>
      `<tr><td>${line.quantity} ×</td><td>${escapeHtml(lineName(line))}</td><td style="text-align:right">${formatPrice(line.lineTotal)}</td></tr>`,
  )
  .join('\n')}
${amounts
  .map(
    ([label, amount]) =>
      `<tr><td></td><td>${escapeHtml(label)}</td><td style="text-align:right">${amount}</td></tr>`,
  )
  .join('\n')}
</table>
<p>Shipping to:<br>${addressLines.map(escapeHtml).join('<br>')}</p>
<p><a href="${escapeHtml(findUrl)}">Find this order again</a></p>
<p>${escapeHtml(brand)}</p>
</body></html>`
  return {
    id: `order-${order.number}`,
    to: order.email,
    subject: `Your ${brand} order ${order.number}`,
    text,
    html,
  }
}

/** Where a shipped order is: each part the operator gave (docs/api.md § Operator). */
export interface Tracking {
  carrier?: string
  number?: string
  url?: string
}

/** A short mail of an order's news: a heading, paragraphs, and where to find the order. */
function orderNews(
  { number, email }: { number: string; email: string },
  { kind, subject, heading, paragraphs }: NewsParts,
  { brand, origin }: { brand: string; origin: string },
): OutboxMessage {
  const findUrl = `${origin}/orders/find?number=${encodeURIComponent(number)}`
  const text = [
    heading,
    '',
    `Order number: ${number}`,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph.text, '']),
    `Find this order: ${findUrl}`,
    '',
    brand,
  ].join('\n')
  const html = `<!DOCTYPE html><html><body style="font-family:sans-serif;color:#1a1a1a">
<h1 style="font-size:20px">${escapeHtml(heading)}</h1>
<p>Order number: <strong>${escapeHtml(number)}</strong></p>
${paragraphs.map((paragraph) => `<p>${paragraph.html ?? escapeHtml(paragraph.text)}</p>`).join('\n')}
<p><a href="${escapeHtml(findUrl)}">Find this order</a></p>
<p>${escapeHtml(brand)}</p>
</body></html>`
  return { id: `order-${number}-${kind}`, to: email, subject, text, html }
}

interface NewsParts {
  /** Part of the mail's id: one mail of each kind per order, ever. */
  kind: string
  subject: string
  heading: string
  /** Each paragraph's text, and its HTML when it is more than the text escaped (a link). */
  paragraphs: { text: string; html?: string }[]
}

/** "Your order MRD-… has shipped", with its tracking when the operator gave one. */
export function orderShipped(
  order: { number: string; email: string },
  tracking: Tracking,
  site: { brand: string; origin: string },
): OutboxMessage {
  const by = [tracking.carrier, tracking.number].filter(Boolean).join(', tracking number ')
  const paragraphs: NewsParts['paragraphs'] = by
    ? [{ text: `It is on its way with ${by}.` }]
    : [{ text: 'It is on its way.' }]
  if (tracking.url)
    paragraphs.push({
      text: `Track it: ${tracking.url}`,
      html: `<a href="${escapeHtml(tracking.url)}">Track it</a>`,
    })
  return orderNews(
    order,
    {
      kind: 'shipped',
      subject: `Your order ${order.number} has shipped`,
      heading: 'Your order has shipped',
      paragraphs,
    },
    site,
  )
}

/** "Your order MRD-… was cancelled", with the reason when one was given. */
export function orderCancelled(
  order: { number: string; email: string },
  reason: string | undefined,
  site: { brand: string; origin: string },
): OutboxMessage {
  return orderNews(
    order,
    {
      kind: 'cancelled',
      subject: `Your order ${order.number} was cancelled`,
      heading: 'Your order was cancelled',
      paragraphs: [
        ...(reason ? [{ text: `Reason: ${reason}` }] : []),
        { text: 'Its items will not be sent.' },
      ],
    },
    site,
  )
}
