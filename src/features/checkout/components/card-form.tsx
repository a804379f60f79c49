import { valibotResolver } from '@hookform/resolvers/valibot'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import { Button } from '../../../components/button.tsx'
import { FormField } from '../../../components/form-field.tsx'
import { checkoutMessages } from '../../../lib/page-messages.ts'
import { AddressFields } from '../../../components/address-fields.tsx'
import {
  addressSchema,
  EMPTY_ADDRESS,
  type Address,
  type AddressInput,
} from '../../../../shared/address/address.schema.ts'
import { formatCardNumber, formatExpiry } from '../masks.ts'
import { cardSchema, type CardInput } from '../payment.schemas.ts'
import styles from './checkout.module.css'

interface CardFormProps {
  /** Called with the last four digits and the billing address; nothing else of the card leaves the form. */
  onSubmit: (payment: { cardLast4: string; billing: Address | 'shipping' }) => void
  now: () => Date
}

/** The card form (rules.md § Validation rules) with 'Use Shipping Address for Billing' (checked by default). */
export function CardForm({ onSubmit, now }: CardFormProps) {
  const schema = useMemo(() => cardSchema(now()), [now])
  const form = useForm<CardInput, unknown, v.InferOutput<typeof schema>>({
    resolver: valibotResolver(schema),
    mode: 'onTouched',
    defaultValues: { name: '', cardNumber: '', expirationDate: '', cvv: '' },
  })
  const billingForm = useForm<AddressInput, unknown, Address>({
    resolver: valibotResolver(addressSchema),
    mode: 'onTouched',
    defaultValues: EMPTY_ADDRESS,
  })
  const [sameAsShipping, setSameAsShipping] = useState(true)
  const { errors } = form.formState

  const submit = form.handleSubmit(async (card) => {
    if (sameAsShipping)
      return onSubmit({ cardLast4: card.cardNumber.slice(-4), billing: 'shipping' })
    if (!(await billingForm.trigger())) return
    onSubmit({
      cardLast4: card.cardNumber.slice(-4),
      billing: v.parse(addressSchema, billingForm.getValues()),
    })
  })

  const cardNumber = form.register('cardNumber')
  const expiry = form.register('expirationDate')

  return (
    <form
      // The app's own: natively it never sends itself anywhere (lib/early-events.ts).
      method="dialog"
      className={styles.form}
      noValidate
      aria-label="Card details"
      onSubmit={(event) => {
        // One submit flags the card and the billing address together, not one after the other.
        if (!sameAsShipping) void billingForm.trigger()
        void submit(event)
      }}
    >
      <div className={styles.cardGrid}>
        <div className={styles.wide}>
          <FormField label="Name on Card" error={errors.name?.message}>
            {(control) => (
              <input type="text" {...control} {...form.register('name')} autoComplete="cc-name" />
            )}
          </FormField>
        </div>
        <div className={styles.wide}>
          <FormField label="Card Number" error={errors.cardNumber?.message}>
            {(control) => (
              <input
                type="text"
                {...control}
                {...cardNumber}
                inputMode="numeric"
                autoComplete="cc-number"
                maxLength={19}
                placeholder="1234 5678 9012 3456"
                onChange={(event) => {
                  event.target.value = formatCardNumber(event.target.value)
                  void cardNumber.onChange(event)
                }}
              />
            )}
          </FormField>
        </div>
        <FormField label="Expiration Date" error={errors.expirationDate?.message} hint="MM/YY">
          {(control) => (
            <input
              type="text"
              {...control}
              {...expiry}
              inputMode="numeric"
              autoComplete="cc-exp"
              maxLength={5}
              placeholder="MM/YY"
              onChange={(event) => {
                event.target.value = formatExpiry(
                  event.target.value,
                  form.getValues('expirationDate'),
                )
                void expiry.onChange(event)
              }}
            />
          )}
        </FormField>
        <FormField label="CVV" error={errors.cvv?.message}>
          {(control) => (
            <input
              {...control}
              {...form.register('cvv')}
              type="password"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={3}
            />
          )}
        </FormField>
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={sameAsShipping}
          onChange={(event) => setSameAsShipping(event.target.checked)}
        />
        {checkoutMessages.billingSameAsShipping}
      </label>
      {!sameAsShipping && (
        <fieldset className={styles.choices}>
          <legend>Billing address</legend>
          <AddressFields register={billingForm.register} errors={billingForm.formState.errors} />
        </fieldset>
      )}
      <div>
        <Button type="submit">Save Card</Button>
      </div>
    </form>
  )
}
