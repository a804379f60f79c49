import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { FormField } from './form-field.tsx'
import type { AddressInput } from '../../shared/address/address.schema.ts'
import { INDIAN_STATES } from '../../shared/address/indian-states.ts'
import styles from './address-fields.module.css'

interface AddressFieldsProps {
  register: UseFormRegister<AddressInput>
  errors: FieldErrors<AddressInput>
}

/** The shipping (or billing) address fields of rules.md § Data and reference lists / § Validation rules. */
export function AddressFields({ register, errors }: AddressFieldsProps) {
  return (
    <div className={styles.grid}>
      <FormField label="First Name" error={errors.firstName?.message}>
        {(control) => (
          <input type="text" {...control} {...register('firstName')} autoComplete="given-name" />
        )}
      </FormField>
      <FormField label="Last Name" error={errors.lastName?.message}>
        {(control) => (
          <input type="text" {...control} {...register('lastName')} autoComplete="family-name" />
        )}
      </FormField>
      <div className={styles.wide}>
        <FormField label="Address Line 1" error={errors.address1?.message}>
          {(control) => (
            <input
              type="text"
              {...control}
              {...register('address1')}
              autoComplete="address-line1"
            />
          )}
        </FormField>
      </div>
      <div className={styles.wide}>
        <FormField label="Address Line 2 (optional)" error={errors.address2?.message}>
          {(control) => (
            <input
              type="text"
              {...control}
              {...register('address2')}
              autoComplete="address-line2"
            />
          )}
        </FormField>
      </div>
      <FormField label="City" error={errors.city?.message}>
        {(control) => (
          <input type="text" {...control} {...register('city')} autoComplete="address-level2" />
        )}
      </FormField>
      <FormField label="State" error={errors.state?.message}>
        {(control) => (
          <select {...control} {...register('state')} autoComplete="address-level1">
            <option value="">Select a state</option>
            {INDIAN_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Pincode" error={errors.code?.message}>
        {(control) => (
          <input
            type="text"
            {...control}
            {...register('code')}
            inputMode="numeric"
            maxLength={6}
            autoComplete="postal-code"
          />
        )}
      </FormField>
      <FormField label="Mobile" error={errors.mobile?.message}>
        {(control) => <input {...control} {...register('mobile')} type="tel" autoComplete="tel" />}
      </FormField>
      <div className={styles.wide}>
        <FormField label="Email" error={errors.email?.message}>
          {(control) => (
            <input {...control} {...register('email')} type="email" autoComplete="email" />
          )}
        </FormField>
      </div>
    </div>
  )
}
