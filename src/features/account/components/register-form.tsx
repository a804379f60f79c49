import { valibotResolver } from '@hookform/resolvers/valibot'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/button.tsx'
import { FormField } from '../../../components/form-field.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'
import { MONTHS } from '../../../lib/format.ts'
import { accountMessages } from '../../../lib/page-messages.ts'
import type { RegistrationPayload } from '../account.api.ts'
import {
  COUNTRIES,
  DAYS,
  EMPTY_REGISTRATION,
  GENDERS,
  registrationSchema,
  type RegistrationInput,
  type RegistrationOutput,
} from '../forms/registration.schema.ts'
import { useRegister } from '../use-account.ts'
import { useFailedAttempt } from '../../../lib/use-failed-attempt.ts'
import styles from './account-forms.module.css'
import { ServerError } from '../../../components/server-error.tsx'

/**
 * rules.md § Data and reference lists: the form's fields become the registration payload; birthDate joins day and month.
 * The user name goes as the spec's `userName` and as `username`, the field DummyJSON reads (it
 * created a user with no user name, who could then not sign in).
 */
export function toRegistrationPayload(form: RegistrationOutput): RegistrationPayload {
  return {
    country: form.country,
    email: form.email,
    firstName: form.fname,
    lastName: form.lname,
    userName: form.uname,
    username: form.uname,
    phone: form.pno,
    address: { postalCode: form.zipcode },
    birthDate: form.days && form.months ? `${form.days}-${form.months}` : '',
    gender: form.gender,
    password: form.password,
  }
}

/** 'Create Your Account' (rules.md § Sign-in and registration): every field of § Data and reference lists and every rule of § Validation rules. */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const registration = useRegister()
  const form = useForm<RegistrationInput, unknown, RegistrationOutput>({
    resolver: valibotResolver(registrationSchema),
    mode: 'onTouched',
    // Every rule runs, so 'does not match' shows even while another field is still wrong.
    criteriaMode: 'all',
    defaultValues: EMPTY_REGISTRATION,
  })
  const { errors } = form.formState
  const field = form.register
  useFailedAttempt(form, registration)

  return (
    <form
      // The app's own: natively it never sends itself anywhere (lib/early-events.ts).
      method="dialog"
      className={styles.form}
      noValidate
      aria-label={accountMessages.createYourAccount}
      onSubmit={(event) =>
        void form.handleSubmit((values) =>
          registration.mutate(toRegistrationPayload(values), { onSuccess: onRegistered }),
        )(event)
      }
    >
      <div className={styles.grid}>
        <div className={styles.wide}>
          <FormField label="Country" error={errors.country?.message}>
            {(control) => (
              <select {...control} {...field('country')} autoComplete="country-name">
                <option value="">Select a country</option>
                {COUNTRIES.map((country) => (
                  <option key={country}>{country}</option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <FormField label="Email" error={errors.email?.message}>
          {(control) => (
            <input {...control} {...field('email')} type="email" autoComplete="email" />
          )}
        </FormField>
        <FormField label="Confirm Email" error={errors.confirmEmail?.message}>
          {(control) => (
            <input {...control} {...field('confirmEmail')} type="email" autoComplete="email" />
          )}
        </FormField>
        <div className={styles.wide}>
          <FormField label="User Name" error={errors.uname?.message}>
            {(control) => (
              <input
                type="text"
                {...control}
                {...field('uname')}
                autoComplete="username"
                autoCapitalize="none"
              />
            )}
          </FormField>
        </div>
        <FormField label="First Name" error={errors.fname?.message}>
          {(control) => (
            <input type="text" {...control} {...field('fname')} autoComplete="given-name" />
          )}
        </FormField>
        <FormField label="Last Name" error={errors.lname?.message}>
          {(control) => (
            <input type="text" {...control} {...field('lname')} autoComplete="family-name" />
          )}
        </FormField>
        <FormField label="Phone Number (optional)" error={errors.pno?.message}>
          {(control) => (
            <input
              {...control}
              {...field('pno')}
              // The national number, as the spec's 10 digits: a text field, since HTML allows
              // tel-national only there (type="tel" takes the whole number with its country code).
              type="text"
              inputMode="numeric"
              autoComplete="tel-national"
            />
          )}
        </FormField>
        <FormField label="Pincode (optional)" error={errors.zipcode?.message}>
          {(control) => (
            <input
              type="text"
              {...control}
              {...field('zipcode')}
              inputMode="numeric"
              maxLength={6}
              autoComplete="postal-code"
            />
          )}
        </FormField>
        <FormField label="Birth Month (optional)" error={errors.months?.message}>
          {(control) => (
            // A month changed after the day checks the day again.
            <select {...control} {...field('months', { deps: 'days' })}>
              <option value="">Month</option>
              {MONTHS.map((month) => (
                <option key={month}>{month}</option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Birth Day (optional)" error={errors.days?.message}>
          {(control) => (
            <select {...control} {...field('days')}>
              <option value="">Day</option>
              {DAYS.map((day) => (
                <option key={day}>{day}</option>
              ))}
            </select>
          )}
        </FormField>
        <div className={styles.wide}>
          <FormField label="Gender (optional)" error={errors.gender?.message}>
            {(control) => (
              <select {...control} {...field('gender')}>
                <option value="">{accountMessages.chooseOne}</option>
                {GENDERS.map((gender) => (
                  <option key={gender}>{gender}</option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <NewPasswordFields first="password" register={field} errors={errors} />
      </div>
      <ServerError error={registration.error} />
      <div>
        <Button type="submit" disabled={registration.isPending}>
          {registration.isPending ? 'Creating your account…' : 'Create Account'}
        </Button>
      </div>
    </form>
  )
}
