import { valibotResolver } from '@hookform/resolvers/valibot'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useSetAtom, useStore } from 'jotai'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/button.tsx'
import { FormField } from '../../../components/form-field.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'
import { accountMessages } from '../../../lib/page-messages.ts'
import { validation } from '../../../lib/form-messages.ts'
import { passwordMatches, saveProfile } from '../account.api.ts'
import { accountKeys } from '../account.queries.ts'
import { tokenCaller } from '../../../domain/session/session-tokens.ts'
import type { User } from '../account.schemas.ts'
import { profileSchema, type ProfileInput, type ProfileOutput } from '../forms/profile.schema.ts'
import { GENDERS } from '../forms/registration.schema.ts'
import { renameSessionAtom, type Session } from '../../../domain/session/session.atoms.ts'
import styles from './account-forms.module.css'
import { formatBirthDate } from './profile-view.tsx'
import { ServerError } from '../../../components/server-error.tsx'
import { useFailedAttempt } from '../../../lib/use-failed-attempt.ts'

const genderOption = (gender: string) =>
  GENDERS.find((option) => option.toLowerCase() === gender.toLowerCase()) ?? ''

interface ProfileFormProps {
  user: User
  session: Session
  onDone: () => void
}

/**
 * Edit mode (rules.md § My account, § Validation rules). The current password is checked by the server when the field is
 * left (decisions.md § Accounts and sessions); only then do New Password and Confirm Password appear.
 */
export function ProfileForm({ user, session, onDone }: ProfileFormProps) {
  const queryClient = useQueryClient()
  const store = useStore()
  const rename = useSetAtom(renameSessionAtom)
  const [verified, setVerified] = useState(false)
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: valibotResolver(profileSchema),
    mode: 'onTouched',
    // Every rule runs, so 'does not match' shows even while another field is still wrong.
    criteriaMode: 'all',
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      confirmEmail: user.email,
      phone: user.phone,
      birthDate: formatBirthDate(user.birthDate),
      gender: genderOption(user.gender),
      oldPassword: '',
      newPassword: '',
      confirmPassword: '',
    },
  })
  const { errors } = form.formState

  const verify = useMutation({
    mutationFn: (password: string) => passwordMatches(user.username, password),
    onSuccess: (matches) => {
      setVerified(matches)
      if (!matches)
        form.setError('oldPassword', {
          type: 'server',
          message: validation.currentPasswordMismatch,
        })
    },
  })

  const save = useMutation({
    mutationFn: (values: ProfileOutput) =>
      saveProfile(user, tokenCaller(store), {
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phone: values.phone,
        birthDate: values.birthDate,
        gender: values.gender,
        password: values.newPassword,
        currentPassword: values.oldPassword,
      }),
    meta: { successMessage: 'Your profile has been updated' },
    onSuccess: (updated) => {
      queryClient.setQueryData(accountKeys.user(session.id), updated)
      rename(updated.firstName)
      onDone()
    },
    // Not kept, or failed: what is shown must be what the API has.
    onError: () => void queryClient.invalidateQueries({ queryKey: accountKeys.user(session.id) }),
  })

  useFailedAttempt(form, verify)
  useFailedAttempt(form, save)

  const oldPassword = form.register('oldPassword', {
    onChange: () => setVerified(false),
    onBlur: (event: { target: HTMLInputElement }) => {
      if (event.target.value) verify.mutate(event.target.value)
    },
  })

  return (
    <form
      // The app's own: natively it never sends itself anywhere (lib/early-events.ts).
      method="dialog"
      className={styles.form}
      noValidate
      aria-label="Edit personal details"
      onSubmit={(event) =>
        void form.handleSubmit(async (values) => {
          const matches = verified || (await verify.mutateAsync(values.oldPassword))
          if (matches) save.mutate(values)
        })(event)
      }
    >
      <div className={styles.grid}>
        <FormField label="First Name" error={errors.firstName?.message}>
          {(control) => (
            <input
              type="text"
              {...control}
              {...form.register('firstName')}
              autoComplete="given-name"
            />
          )}
        </FormField>
        <FormField label="Last Name" error={errors.lastName?.message}>
          {(control) => (
            <input
              type="text"
              {...control}
              {...form.register('lastName')}
              autoComplete="family-name"
            />
          )}
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          {(control) => (
            <input {...control} {...form.register('email')} type="email" autoComplete="email" />
          )}
        </FormField>
        <FormField label="Confirm Email" error={errors.confirmEmail?.message}>
          {(control) => (
            <input
              {...control}
              {...form.register('confirmEmail')}
              type="email"
              autoComplete="email"
            />
          )}
        </FormField>
        <FormField label="Mobile" error={errors.phone?.message}>
          {(control) => (
            <input {...control} {...form.register('phone')} type="tel" autoComplete="tel" />
          )}
        </FormField>
        <FormField label="Gender" error={errors.gender?.message}>
          {(control) => (
            <select {...control} {...form.register('gender')}>
              <option value="">{accountMessages.chooseOne}</option>
              {GENDERS.map((gender) => (
                <option key={gender}>{gender}</option>
              ))}
            </select>
          )}
        </FormField>
        <div className={styles.wide}>
          <FormField label="Date of Birth" error={errors.birthDate?.message} hint="YYYY-MM-DD">
            {(control) => (
              <input
                type="text"
                {...control}
                {...form.register('birthDate')}
                autoComplete="bday"
                placeholder="YYYY-MM-DD"
              />
            )}
          </FormField>
        </div>
      </div>
      <fieldset className={styles.form} style={{ border: 0, padding: 0, margin: 0 }}>
        <legend style={{ fontWeight: 700, marginBottom: '0.75rem' }}>Password</legend>
        <FormField label="Current Password" error={errors.oldPassword?.message}>
          {(control) => (
            <input {...control} {...oldPassword} type="password" autoComplete="current-password" />
          )}
        </FormField>
        {verify.isPending && <p className={styles.hint}>Checking your password…</p>}
        {verified && !errors.oldPassword && (
          <>
            <NewPasswordFields first="newPassword" register={form.register} errors={errors} />
            <p className={styles.hint}>
              <a href="#password-tips">{accountMessages.passwordTips}</a>
            </p>
            <p id="password-tips" className={styles.hint}>
              Use a phrase you can remember but others cannot guess, mix letters with numbers, and
              do not reuse a password from another site.
            </p>
          </>
        )}
      </fieldset>
      <ServerError error={save.error} />
      <div className={styles.actions}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : accountMessages.saveChanges}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {accountMessages.cancel}
        </Button>
      </div>
    </form>
  )
}
