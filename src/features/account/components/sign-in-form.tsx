import { valibotResolver } from '@hookform/resolvers/valibot'
import { Link } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/button.tsx'
import { FormField } from '../../../components/form-field.tsx'
import { loginSchema, type LoginInput } from '../forms/login.schema.ts'
import { useSignIn } from '../use-account.ts'
import { env } from '../../../lib/env.ts'
import { passwordResetMessages } from '../password-reset.messages.ts'
import { useFailedAttempt } from '../../../lib/use-failed-attempt.ts'
import styles from './account-forms.module.css'
import { ServerError } from '../../../components/server-error.tsx'

/**
 * The 'Sign In' form (rules.md § Sign-in and registration, § Validation rules), on /userauth and
 * inside the account modal, with 'Forgot password?' (rules.md § Password reset) where our API can
 * reset one; `onLeave` runs as that link is followed (the modal closes).
 */
export function SignInForm({
  onSignedIn,
  onLeave,
}: {
  onSignedIn: () => void
  onLeave?: () => void
}) {
  const signIn = useSignIn()
  const form = useForm<LoginInput>({
    resolver: valibotResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { username: '', password: '' },
  })
  const { errors } = form.formState
  useFailedAttempt(form, signIn)

  return (
    <form
      // The app's own: natively it never sends itself anywhere (lib/early-events.ts).
      method="dialog"
      className={styles.form}
      noValidate
      aria-label="Sign In"
      onSubmit={(event) =>
        void form.handleSubmit((credentials) =>
          signIn.mutate(credentials, { onSuccess: onSignedIn }),
        )(event)
      }
    >
      <FormField label="User Name" error={errors.username?.message}>
        {(control) => (
          <input
            type="text"
            {...control}
            {...form.register('username')}
            autoComplete="username"
            autoCapitalize="none"
          />
        )}
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {(control) => (
          <input
            {...control}
            {...form.register('password')}
            type="password"
            autoComplete="current-password"
          />
        )}
      </FormField>
      <ServerError error={signIn.error} />
      <div className={styles.actions}>
        <Button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign In'}
        </Button>
        {env.bundledApi && (
          <Link to="/forgot-password" className={styles.forgot} onClick={onLeave}>
            {passwordResetMessages.forgotPassword}
          </Link>
        )}
      </div>
    </form>
  )
}
