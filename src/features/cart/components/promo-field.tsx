import { useAtomValue, useSetAtom } from 'jotai'
import { useId, useState } from 'react'
import { Button } from '../../../components/button.tsx'
import { formatPrice } from '../../../../shared/pricing/pricing.ts'
import { hasControlCharacters, PLAIN_TEXT_MESSAGE } from '../../../../shared/text/plain-text.ts'
import { cartMessages } from '../../../lib/page-messages.ts'
import { applyPromoAtom, promoAtom } from '../../../domain/cart/cart.atoms.ts'
import styles from './promo-field.module.css'
import noticeStyles from './cart-notice.module.css'

/** The promo code field (rules.md § Validation rules): applied by 'Apply' or on leaving the field. */
export function PromoField() {
  const promo = useAtomValue(promoAtom)
  const apply = useSetAtom(applyPromoAtom)
  const [code, setCode] = useState(promo?.code ?? '')
  // A code with a line break or control character is no code (shared/pricing/promo.ts): said here.
  const [unplain, setUnplain] = useState(false)
  const inputId = useId()
  const noticeId = useId()
  const submit = () => {
    setUnplain(hasControlCharacters(code))
    apply(code)
  }

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
          aria-invalid={unplain || undefined}
          onChange={(event) => setCode(event.target.value)}
          onBlur={submit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit()
          }}
        />
        <Button variant="secondary" onClick={submit}>
          Apply
        </Button>
      </div>
      <div id={noticeId} role="status">
        {unplain && (
          <p className={`${noticeStyles.notice} ${styles.error}`}>{PLAIN_TEXT_MESSAGE}</p>
        )}
        {promo && !promo.valid && (
          <p className={`${noticeStyles.notice} ${styles.error}`}>{cartMessages.promoInvalid}</p>
        )}
        {promo?.valid && (
          <p className={noticeStyles.notice}>
            {promo.code} applied: {formatPrice(promo.discount)} off
          </p>
        )}
      </div>
    </div>
  )
}
