import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useId, useState } from 'react'
import { ImageWithFallback } from '../../../components/image-with-fallback.tsx'
import { categoryName } from '../../../domain/catalogue/categories.ts'
import { useCategories } from '../../../domain/catalogue/use-categories.ts'
import { formatPrice, lineDiscountedPrice, linePrice } from '../../../../shared/pricing/pricing.ts'
import { cartMessages } from '../../../lib/page-messages.ts'
import {
  changeQuantityAtom,
  isOrderable,
  lineNotice,
  stockNoticeAtom,
} from '../../../domain/cart/cart.atoms.ts'
import { lineKey, type CartLine as Line } from '../../../domain/cart/cart.schemas.ts'
import {
  addLimitReason,
  limitsOf,
  removeLimitReason,
  stockMessages,
} from '../../../domain/cart/quantity.ts'
import styles from './cart-line.module.css'
import noticeStyles from './cart-notice.module.css'
import { QuantityEditor } from './quantity-editor.tsx'

interface CartLineProps {
  line: Line
  onSaveForLater: (line: Line) => void
  onRemove: (line: Line) => void
}

const percent = (value: number) => Number(value.toFixed(2)).toString()

/** One line of the cart (rules.md § Cart). */
export function CartLine({ line, onSaveForLater, onRemove }: CartLineProps) {
  const changeQuantity = useSetAtom(changeQuantityAtom)
  const [editing, setEditing] = useState(false)
  const titleId = useId()
  const limits = limitsOf(line)
  const orderable = isOrderable(line)
  const notice = lineNotice(line, useAtomValue(stockNoticeAtom))
  const stopEditing = useCallback(() => setEditing(false), [])
  const discounted = lineDiscountedPrice(line)
  const full = linePrice(line)
  // The category's name as every other page has it ('Womens Shoes'), never its slug.
  const category = categoryName(line.category, useCategories())

  return (
    <li className={orderable ? styles.line : `${styles.line} ${styles.unavailable}`}>
      <ImageWithFallback
        className={styles.thumb}
        src={line.thumbnail}
        alt=""
        width={120}
        height={120}
        loading="lazy"
      />
      <div className={styles.details}>
        {line.brand && <p className={styles.brand}>{line.brand}</p>}
        <h2 className={styles.title} id={titleId}>
          <Link
            to="/product/$id"
            params={{ id: String(line.id) }}
            search={line.variant && { variant: line.variant.sku }}
          >
            {line.title}
          </Link>
          {line.variant && <span className={styles.variant}>{line.variant.label}</span>}
        </h2>
        <p className={styles.muted}>{category}</p>
        {line.discountPercentage > 0 && (
          <p className={styles.deal}>
            {cartMessages.blackFriday(Number(percent(line.discountPercentage)))}
          </p>
        )}
        <p className={styles.muted}>
          {formatPrice(line.price)} each · Quantity: {line.quantity}
          {limits.min > 1 && ` · ${stockMessages.minimumOrder(limits.min)}`}
        </p>
        {notice && (
          <p className={noticeStyles.notice} role="status">
            {notice}
          </p>
        )}
        <div className={styles.options}>
          <label className={styles.check}>
            <input type="checkbox" />
            {cartMessages.pickUp}
          </label>
          <label className={styles.check}>
            <input type="checkbox" />
            Add a monogram
          </label>
          <label className={styles.check}>
            <input type="checkbox" />
            Gift options
          </label>
        </div>
      </div>
      <div className={styles.amounts}>
        <strong
          aria-label={
            orderable
              ? `Line total ${formatPrice(discounted)}`
              : `${formatPrice(discounted)}, not in the total`
          }
        >
          {formatPrice(discounted)}
        </strong>
        {discounted !== full && (
          <s className={styles.muted} aria-label={`Before discount ${formatPrice(full)}`}>
            {formatPrice(full)}
          </s>
        )}
        {editing && (
          <QuantityEditor
            title={line.title}
            quantity={line.quantity}
            addLimit={addLimitReason(line.quantity, limits)}
            removeLimit={removeLimitReason(line.quantity, limits)}
            onIdle={stopEditing}
            onChange={(change) => changeQuantity({ key: lineKey(line), change })}
          />
        )}
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.link}
          aria-expanded={editing}
          aria-describedby={titleId}
          onClick={() => setEditing((open) => !open)}
        >
          Edit Item
        </button>
        <button
          type="button"
          className={styles.link}
          aria-describedby={titleId}
          onClick={() => onSaveForLater(line)}
        >
          Save for Later
        </button>
        <button
          type="button"
          className={styles.link}
          aria-describedby={titleId}
          onClick={() => onRemove(line)}
        >
          Remove
        </button>
      </div>
    </li>
  )
}
