import { valibotResolver } from '@hookform/resolvers/valibot'
import { Link } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/button.tsx'
import { checkoutMessages } from '../../../lib/page-messages.ts'
import { clearDraft, readDraft, useFormDraft } from '../../../lib/form-draft.ts'
import { AddressFields } from '../../../components/address-fields.tsx'
import {
  ADDRESS_DRAFT_KEY,
  addressAtom,
  saveAddressAtom,
} from '../../../domain/address/address.atoms.ts'
import {
  addressDraftSchema,
  addressSchema,
  EMPTY_ADDRESS,
  type Address,
  type AddressInput,
} from '../../../../shared/address/address.schema.ts'
import { AddressSummary } from '../../../components/address-summary.tsx'
import styles from './checkout.module.css'

interface ShippingStepProps {
  editing: boolean
  onEditingChange: (editing: boolean) => void
}

/** Whether the shopper has typed an address and not saved it yet (its draft is kept). */
export const addressBeingTyped = () =>
  readDraft(ADDRESS_DRAFT_KEY, addressDraftSchema) !== undefined

/** Step 1 (rules.md § Checkout): the address form, or the saved address with 'Change Address'. */
export function ShippingStep({ editing, onEditingChange }: ShippingStepProps) {
  const saved = useAtomValue(addressAtom)
  const save = useSetAtom(saveAddressAtom)
  // What the shopper has typed and not yet saved survives a reload of this tab.
  const [initial] = useState(() => readDraft(ADDRESS_DRAFT_KEY, addressDraftSchema) ?? saved)
  const form = useForm<AddressInput, unknown, Address>({
    resolver: valibotResolver(addressSchema),
    mode: 'onTouched',
    defaultValues: initial ?? EMPTY_ADDRESS,
  })
  useFormDraft(form, ADDRESS_DRAFT_KEY)
  // An address that arrives while the page is open (the account's, saved on another device:
  // rules.md § Accounts on every device) fills the form, unless one is being typed.
  const shown = useRef(saved)
  useEffect(() => {
    const before = shown.current
    shown.current = saved
    if (saved && saved !== before && !addressBeingTyped()) form.reset(saved)
  }, [saved, form])

  const shipping = (
    <fieldset className={styles.choices}>
      <legend>Shipping method</legend>
      <label className={styles.choice}>
        <input type="radio" name="shipping-method" value="standard-ground" defaultChecked />
        <span>
          <strong>{checkoutMessages.standardGround}</strong> 7-10 business days{' '}
          <strong>$0.00</strong>
        </span>
      </label>
      <Link to="/cart">{checkoutMessages.fasterShipping}</Link>
    </fieldset>
  )

  if (saved && !editing) {
    return (
      <div className={styles.form}>
        <AddressSummary address={saved} />
        <div>
          <Button variant="secondary" onClick={() => onEditingChange(true)}>
            {checkoutMessages.changeAddress}
          </Button>
        </div>
        {shipping}
      </div>
    )
  }

  return (
    <form
      // The app's own: natively it never sends itself anywhere (lib/early-events.ts).
      method="dialog"
      className={styles.form}
      noValidate
      aria-label="Shipping address"
      onSubmit={(event) =>
        void form.handleSubmit((address) => {
          save(address)
          clearDraft(ADDRESS_DRAFT_KEY)
          onEditingChange(false)
        })(event)
      }
    >
      <AddressFields register={form.register} errors={form.formState.errors} />
      {shipping}
      <div>
        <Button type="submit">Save and Continue</Button>
      </div>
    </form>
  )
}
