import { accountMessages } from '../../../lib/page-messages.ts'
import { useGoBack } from '../use-account.ts'
import { RegisterForm } from './register-form.tsx'
import { SignInForm } from './sign-in-form.tsx'
import styles from './userauth-page.module.css'

/** /userauth (rules.md § Sign-in and registration): 'Sign In' beside 'Create Your Account'; success goes back one page. */
export function UserAuthPage() {
  const goBack = useGoBack()
  return (
    <div className={`container ${styles.page}`}>
      <section className={styles.panel} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Sign In</h1>
        <SignInForm onSignedIn={goBack} />
      </section>
      <section className={styles.panel} aria-labelledby="register-title">
        <h2 id="register-title">{accountMessages.createYourAccount}</h2>
        <RegisterForm onRegistered={goBack} />
      </section>
    </div>
  )
}
