import { valibotResolver } from '@hookform/resolvers/valibot'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/button.tsx'
import { FormField } from '../../../components/form-field.tsx'
import { formatPrice, GIFT_CARD_AMOUNT } from '../../../../shared/pricing/pricing.ts'
import { giftCardSchema, type GiftCardInput } from '../payment.schemas.ts'
import styles from './checkout.module.css'

/** The gift-card form (rules.md § Validation rules); its number and PIN are not kept, only that a card was applied. */
export function GiftCardForm({ applied, onApply }: { applied: boolean; onApply: () => void }) {
  const form = useForm<GiftCardInput>({
    resolver: valibotResolver(giftCardSchema),
    mode: 'onTouched',
    defaultValues: { cardNumber: '', pin: '' },
  })
  const { errors } = form.formState
  if (applied)
    return (
      <p className={styles.success}>
        Gift card applied: {formatPrice(GIFT_CARD_AMOUNT)} of this order is paid by gift card.
      </p>
    )
  return (
    <form
      // The app's own: natively it never sends itself anywhere (lib/early-events.ts).
      method="dialog"
      className={styles.form}
      noValidate
      aria-label="Gift card"
      onSubmit={(event) => void form.handleSubmit(onApply)(event)}
    >
      <div className={styles.cardGrid}>
        <FormField label="Gift Card Number" error={errors.cardNumber?.message}>
          {(control) => (
            <input
              type="text"
              {...control}
              {...form.register('cardNumber')}
              inputMode="numeric"
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField label="PIN" error={errors.pin?.message}>
          {(control) => (
            <input
              {...control}
              {...form.register('pin')}
              type="password"
              autoComplete="off"
              maxLength={4}
            />
          )}
        </FormField>
      </div>
      <div>
        <Button type="submit" variant="secondary">
          Apply Gift Card
        </Button>
      </div>
    </form>
  )
}
