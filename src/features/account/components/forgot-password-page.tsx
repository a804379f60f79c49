import { valibotResolver } from '@hookform/resolvers/valibot'
import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { Button, buttonClass } from '../../../components/button.tsx'
import { FormField } from '../../../components/form-field.tsx'
import { ServerError } from '../../../components/server-error.tsx'
import { env } from '../../../lib/env.ts'
import { useFocusOnArrival } from '../../../lib/focus-on-arrival.ts'
import { passwordResetMessages as messages } from '../password-reset.messages.ts'
import { useFailedAttempt } from '../../../lib/use-failed-attempt.ts'
import { forgotPasswordSchema, type ForgotPasswordInput } from '../forms/password-reset.schema.ts'
import { requestResetLink } from '../password-reset.api.ts'
import formStyles from './account-forms.module.css'
import styles from './password-reset.module.css'

/**
 * /forgot-password (rules.md § Password reset): the account's email, and one answer whatever it
 * is, so the page tells no one who has an account. Another API (DummyJSON) keeps no accounts of
 * its own to reset: the page says so.
 */
export function ForgotPasswordPage() {
  const heading = useFocusOnArrival<HTMLHeadingElement>()
  return (
    <div className={`container ${styles.page}`}>
      <section className={styles.panel} aria-labelledby="forgot-password-title">
        <h1 id="forgot-password-title" ref={heading} tabIndex={-1}>
          {messages.forgotHeading}
        </h1>
        {env.bundledApi ? <ForgotPasswordForm /> : <p>{messages.unavailable}</p>}
      </section>
    </div>
  )
}

function ForgotPasswordForm() {
  const form = useForm<ForgotPasswordInput>({
    resolver: valibotResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  })
  const { errors } = form.formState
  const request = useMutation({
    mutationFn: ({ email }: ForgotPasswordInput) => requestResetLink(email),
  })
  useFailedAttempt(form, request)

  if (request.isSuccess)
    return (
      <Sent
        onAnotherAddress={() => {
          request.reset()
          form.reset()
        }}
      />
    )
  return (
    <>
      <p className={styles.text}>{messages.forgotIntro}</p>
      <form
        // The app's own: natively it never sends itself anywhere (lib/early-events.ts).
        method="dialog"
        className={formStyles.form}
        noValidate
        aria-label={messages.forgotHeading}
        onSubmit={(event) => void form.handleSubmit((values) => request.mutate(values))(event)}
      >
        <FormField label="Email" error={errors.email?.message}>
          {(control) => (
            <input
              type="email"
              {...control}
              {...form.register('email')}
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
            />
          )}
        </FormField>
        <ServerError error={request.error} />
        <div className={styles.actions}>
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? messages.sending : messages.sendLink}
          </Button>
          <Link to="/userauth">{messages.backToSignIn}</Link>
        </div>
      </form>
    </>
  )
}

/** The one answer, focused so that a screen reader reads it at once. */
function Sent({ onAnotherAddress }: { onAnotherAddress: () => void }) {
  const notice = useRef<HTMLDivElement>(null)
  useEffect(() => notice.current?.focus(), [])
  return (
    <>
      <div ref={notice} className={styles.notice} role="status" tabIndex={-1}>
        <p className={styles.lead}>{messages.sent}</p>
        <p>{messages.sentHint}</p>
      </div>
      <div className={styles.actions}>
        <Link to="/userauth" className={buttonClass('primary')}>
          {messages.backToSignIn}
        </Link>
        <Button variant="secondary" onClick={onAnotherAddress}>
          {messages.anotherAddress}
        </Button>
      </div>
    </>
  )
}
