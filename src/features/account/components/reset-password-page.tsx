import { valibotResolver } from '@hookform/resolvers/valibot'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useStore } from 'jotai'
import { useEffect, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { Button, buttonClass } from '../../../components/button.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'
import { ServerError } from '../../../components/server-error.tsx'
import { sessionAtom } from '../../../domain/session/session.atoms.ts'
import { env } from '../../../lib/env.ts'
import { useFocusOnArrival } from '../../../lib/focus-on-arrival.ts'
import { useHydrated } from '../../../lib/hydrated.tsx'
import { passwordResetMessages as messages } from '../password-reset.messages.ts'
import { useFailedAttempt } from '../../../lib/use-failed-attempt.ts'
import { forgetAccount } from '../forget-account.ts'
import { resetPasswordSchema, type ResetPasswordInput } from '../forms/password-reset.schema.ts'
import {
  checkResetLink,
  refusedLink,
  resetPassword,
  type RefusedLink,
} from '../password-reset.api.ts'
import { forgetResetToken, resetToken } from '../reset-link.ts'
import { useStartSession } from '../use-account.ts'
import formStyles from './account-forms.module.css'
import styles from './password-reset.module.css'

/**
 * /reset-password (rules.md § Password reset): the link's token, which the app took out of the
 * address as it started (reset-link.ts), is checked, then a new password is asked for twice;
 * saved, the shopper is signed in on this device and taken to My Account. The server's HTML is
 * the same for every link (it never sees the token): the page says it is checking until the app
 * runs.
 */
export function ResetPasswordPage() {
  const heading = useFocusOnArrival<HTMLHeadingElement>()
  return (
    <div className={`container ${styles.page}`}>
      <section className={styles.panel} aria-labelledby="reset-password-title">
        <h1 id="reset-password-title" ref={heading} tabIndex={-1}>
          {messages.resetHeading}
        </h1>
        {env.bundledApi ? <ResetPassword /> : <p>{messages.unavailable}</p>}
      </section>
    </div>
  )
}

function ResetPassword() {
  // Read once the app runs: the server renders every link's page alike.
  const hydrated = useHydrated()
  const token = hydrated ? resetToken() : undefined
  const check = useMutation({ mutationFn: checkResetLink })
  const { mutate } = check
  useEffect(() => {
    if (token) mutate(token)
  }, [token, mutate])

  if (hydrated && !token) return <Refused status="invalid" />
  if (!token || check.isIdle || check.isPending)
    return (
      <p className={styles.text} role="status" aria-busy="true">
        {messages.checking}
      </p>
    )
  if (check.isError)
    return (
      <div className={styles.notice}>
        <p className={styles.lead}>{messages.checkFailed}</p>
        <ServerError error={check.error} />
        <div className={styles.actions}>
          <Button onClick={() => mutate(token)}>{messages.retry}</Button>
        </div>
      </div>
    )
  if (check.data !== 'valid') return <Refused status={check.data} />
  return <NewPasswordForm token={token} />
}

function NewPasswordForm({ token }: { token: string }) {
  const form = useForm<ResetPasswordInput>({
    resolver: valibotResolver(resetPasswordSchema),
    mode: 'onTouched',
    defaultValues: { newPassword: '', confirmPassword: '' },
  })
  const { errors } = form.formState
  const startSession = useStartSession()
  const store = useStore()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const reset = useMutation({
    mutationFn: ({ newPassword }: ResetPasswordInput) => resetPassword(token, newPassword),
    meta: { successMessage: messages.done },
    onSuccess: (signedIn) => {
      forgetResetToken()
      // Another account signed in on this device leaves it first, as at a sign-out.
      const current = store.get(sessionAtom)
      if (current && current.id !== signedIn.id) forgetAccount(store, queryClient)
      startSession(signedIn)
      // Replacing this page: Back does not lead to a spent link.
      void navigate({ to: '/myaccount', replace: true })
    },
  })
  useFailedAttempt(form, reset)

  // The link expired while the form was open, or was used elsewhere meanwhile.
  const refused = refusedLink(reset.error)
  if (refused) return <Refused status={refused} />
  return (
    <>
      <p className={styles.text}>{messages.resetIntro}</p>
      <form
        // The app's own: natively it never sends itself anywhere (lib/early-events.ts).
        method="dialog"
        className={formStyles.form}
        noValidate
        aria-label={messages.resetHeading}
        onSubmit={(event) => void form.handleSubmit((values) => reset.mutate(values))(event)}
      >
        <NewPasswordFields first="newPassword" register={form.register} errors={errors} />
        <p className={styles.text}>{messages.otherDevices}</p>
        <ServerError error={reset.error} />
        <div className={styles.actions}>
          <Button type="submit" disabled={reset.isPending}>
            {reset.isPending ? messages.saving : messages.resetButton}
          </Button>
        </div>
      </form>
    </>
  )
}

/** A link that cannot set a password, why, and the way to a new one; focused to be read at once. */
function Refused({ status }: { status: RefusedLink }) {
  const notice = useRef<HTMLDivElement>(null)
  useEffect(() => notice.current?.focus(), [status])
  return (
    <div ref={notice} className={styles.notice} role="alert" tabIndex={-1}>
      <p className={styles.lead}>{messages[status]}</p>
      <div className={styles.actions}>
        <Link to="/forgot-password" className={buttonClass('primary')}>
          {messages.newLink}
        </Link>
      </div>
    </div>
  )
}
