import { useAtomValue, useSetAtom } from 'jotai'
import { useId, useState } from 'react'
import { Button } from '../../../components/button.tsx'
import { formatPrice } from '../../../../shared/pricing/pricing.ts'
import { cartMessages } from '../../../lib/page-messages.ts'
import { applyPromoAtom, promoAtom } from '../../../domain/cart/cart.atoms.ts'
import styles from './cart.module.css'

/** The promo code field (rules.md § Validation rules): applied by 'Apply' or on leaving the field. */
export function PromoField() {
  const promo = useAtomValue(promoAtom)
  const apply = useSetAtom(applyPromoAtom)
  const [code, setCode] = useState(promo?.code ?? '')
  const inputId = useId()
  const noticeId = useId()

  return (
    <div className={styles.promo}>
      <label htmlFor={inputId}>Promo Code</label>
      <div className={styles.promoRow}>
        <input
          type="text"
          id={inputId}
          value={code}
          maxLength={40}
          autoComplete="off"
          aria-describedby={noticeId}
          onChange={(event) => setCode(event.target.value)}
          onBlur={() => apply(code)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') apply(code)
          }}
        />
        <Button variant="secondary" onClick={() => apply(code)}>
          Apply
        </Button>
      </div>
      <div id={noticeId} role="status">
        {promo && !promo.valid && (
          <p className={`${styles.notice} ${styles.error}`}>{cartMessages.promoInvalid}</p>
        )}
        {promo?.valid && (
          <p className={styles.notice}>
            {promo.code} applied: {formatPrice(promo.discount)} off
          </p>
        )}
      </div>
    </div>
  )
}
