import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { Button, buttonClass } from '../../../components/button.tsx'
import { Modal } from '../../../components/modal.tsx'
import { accountMessages } from '../../../lib/page-messages.ts'
import { sessionAtom } from '../../../domain/session/session.atoms.ts'
import { useSignOut } from '../use-account.ts'
import styles from './account-modal.module.css'
import { SignInForm } from './sign-in-form.tsx'

const ACCOUNT_MODAL_TITLE_ID = 'account-modal-title'

/** What the account modal shows (rules.md § Account modal). */
function AccountModalContent({ onClose }: { onClose: () => void }) {
  const session = useAtomValue(sessionAtom)
  const signOut = useSignOut()

  if (session) {
    return (
      <>
        <h2 id={ACCOUNT_MODAL_TITLE_ID}>
          {accountMessages.welcome} {session.userName}
        </h2>
        <nav aria-label="Account">
          <ul className={styles.menu}>
            <li>
              <Link to="/myaccount" onClick={onClose}>
                My Settings
              </Link>
            </li>
            <li>
              <Link to="/orders" onClick={onClose}>
                My Purchases
              </Link>
            </li>
            <li>
              <Link to="/saved" onClick={onClose}>
                My Saved Items
              </Link>
            </li>
            <li>
              <Link
                to="/customer-service/$serviceType"
                params={{ serviceType: 'warranty' }}
                onClick={onClose}
              >
                Repair Services
              </Link>
            </li>
          </ul>
        </nav>
        <Button
          variant="secondary"
          onClick={() => {
            onClose()
            void signOut()
          }}
        >
          SignOut
        </Button>
      </>
    )
  }

  return (
    <div className={styles.columns}>
      <div>
        <h2 id={ACCOUNT_MODAL_TITLE_ID}>{accountMessages.createAccountHeading}</h2>
        <p className={styles.text}>{accountMessages.createAccountText}</p>
        <Link to="/userauth" className={buttonClass('primary')} onClick={onClose}>
          {accountMessages.createAccountButton}
        </Link>
      </div>
      <div>
        <h3>Sign In</h3>
        <SignInForm onSignedIn={onClose} onLeave={onClose} />
      </div>
    </div>
  )
}

/** The account modal's dialog and content (rules.md § Account modal): its own chunk, loaded when first opened. */
export function AccountDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal labelledBy={ACCOUNT_MODAL_TITLE_ID} onClose={onClose}>
      <AccountModalContent onClose={onClose} />
    </Modal>
  )
}
