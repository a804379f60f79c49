import { valibotResolver } from '@hookform/resolvers/valibot'
import { useMutation } from '@tanstack/react-query'
import { getRouteApi, useRouter } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import { Button } from '../../src/components/button.tsx'
import { FormField } from '../../src/components/form-field.tsx'
import { signIn } from '../operator-api.ts'
import styles from '../admin.module.css'
import { PageHeading } from './frame.tsx'

const signInSchema = v.object({
  email: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Enter your email'),
    v.email('Enter an email like name@example.com'),
  ),
  password: v.pipe(v.string(), v.nonEmpty('Enter your password')),
})

type SignInInput = v.InferInput<typeof signInSchema>
type SignInOutput = v.InferOutput<typeof signInSchema>

const route = getRouteApi('/admin/sign-in')

/**
 * An operator signs in (an account `npm run operator -- add` made: docs/operating.md § The
 * operator), and goes back to the page that sent them here, or to the orders.
 */
export function SignInPage() {
  const { redirect, ended } = route.useSearch()
  const router = useRouter()
  const form = useForm<SignInInput, unknown, SignInOutput>({
    resolver: valibotResolver(signInSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  })
  const { errors } = form.formState
  const attempt = useMutation({
    mutationFn: ({ email, password }: SignInOutput) => signIn(email, password),
    onSuccess: () => router.history.replace(redirect ?? '/admin'),
  })
  return (
    <main id="main" className={`${styles.main} ${styles.signIn}`}>
      <p className={styles.brand}>
        Meridian <span className={styles.brandNote}>back office</span>
      </p>
      <PageHeading title="Sign in">Sign in to run the shop</PageHeading>
      {ended && !attempt.isPending && !attempt.error && (
        <p role="status" className={styles.notice}>
          Your session has ended: sign in again.
        </p>
      )}
      <form
        className={styles.stack}
        noValidate
        aria-label="Operator sign-in"
        onSubmit={(event) => void form.handleSubmit((values) => attempt.mutate(values))(event)}
      >
        <FormField label="Email" error={errors.email?.message}>
          {(control) => (
            <input
              // A sign-in's user name (what password managers fill), typed as an email.
              type="text"
              inputMode="email"
              {...control}
              {...form.register('email', { onChange: () => attempt.reset() })}
              autoComplete="username"
              spellCheck={false}
            />
          )}
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          {(control) => (
            <input
              type="password"
              {...control}
              {...form.register('password', { onChange: () => attempt.reset() })}
              autoComplete="current-password"
            />
          )}
        </FormField>
        {attempt.error && (
          <p role="alert" className={styles.problem}>
            {attempt.error.message}
          </p>
        )}
        <div>
          <Button type="submit" disabled={attempt.isPending}>
            {attempt.isPending ? 'Signing in…' : 'Sign in'}
          </Button>
        </div>
      </form>
      <p className={styles.muted}>
        No account? The shop’s owner makes one with <code>npm run operator -- add EMAIL</code>.
      </p>
    </main>
  )
}
