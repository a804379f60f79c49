import type { Order } from './order.schemas.ts'
import { toOrder, type ServerOrder } from './orders.api.ts'

const newestFirst = (a: Order, b: Order) => Date.parse(b.date) - Date.parse(a.date)

/**
 * My Purchases of a signed-in shopper (rules.md § Added features): the account's orders on the
 * server and this device's, each once, newest first. An order in both is the server's, with what
 * only this device knows of it (its lines' pictures, the billing address).
 */
export function mergeOrders(
  device: readonly Order[],
  server: readonly ServerOrder[] | undefined,
): Order[] {
  if (!server) return [...device]
  const placedHere = new Map(device.map((order) => [order.orderNumber, order]))
  const fromServer = server.map((order) => {
    const here = placedHere.get(order.number)
    return toOrder(order, here && { lines: here.cartData, payment: here.payment })
  })
  const onServer = new Set(server.map((order) => order.number))
  return [...fromServer, ...device.filter((order) => !onServer.has(order.orderNumber))].sort(
    newestFirst,
  )
}
