import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { useOnlineStatus } from '../lib/use-online-status.ts'
import { applyStockAtom, cartAtom, lineNotice, stockNoticeAtom } from '../domain/cart/cart.atoms.ts'
import { lineKey, lineName } from '../domain/cart/cart.schemas.ts'
import { stockMessages } from '../domain/cart/quantity.ts'
import { stockCheckQuery } from '../domain/cart/stock.queries.ts'
import styles from './stock-check.module.css'

/**
 * Checks the cart's lines against fresh product data as the cart or checkout opens (rules.md
 * § Stock): a product fresh in the cache is not asked again. Corrections show on their lines (the
 * cart's atoms keep them); this says when the data could not be refreshed.
 */
export function StockCheck() {
  const lines = useAtomValue(cartAtom)
  const applyStock = useSetAtom(applyStockAtom)
  const online = useOnlineStatus()
  const { data } = useQuery(stockCheckQuery(lines.map((line) => line.id)))

  useEffect(() => {
    if (data) applyStock(data.stock)
  }, [data, applyStock])

  return (
    <p className={styles.stockStatus} role="status">
      {data && !data.refreshed && stockMessages.notRefreshed(!online)}
    </p>
  )
}

/**
 * Checkout's list of what the stock changed or stops, line by line, with the way back to the cart
 * (where a line is removed or saved for later). Nothing when every line is as the shopper left it.
 */
export function StockNotices() {
  const lines = useAtomValue(cartAtom)
  const notices = useAtomValue(stockNoticeAtom)
  const items = lines.flatMap((line) => {
    const notice = lineNotice(line, notices)
    return notice ? [{ key: lineKey(line), title: lineName(line), notice }] : []
  })
  if (items.length === 0) return null
  return (
    <div className={styles.notice} role="status">
      <ul className={styles.noticeList}>
        {items.map((item) => (
          <li key={item.key}>
            {item.title}: {item.notice}
          </li>
        ))}
      </ul>
      <Link to="/cart">Edit your cart</Link>
    </div>
  )
}
