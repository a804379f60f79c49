import { Link } from '@tanstack/react-router'
import { useAtom } from 'jotai'
import { buttonClass } from '../../components/button.tsx'
import { Modal } from '../../components/modal.tsx'
import { messages } from '../../lib/messages.ts'
import styles from './account-modal.module.css'
import { accountModalOpenAtom } from './session.atoms.ts'

/** The account modal of spec §2.9, opened by the header's user icon. */
export function AccountModal() {
  const [open, setOpen] = useAtom(accountModalOpenAtom)
  if (!open) return null
  const close = () => setOpen(false)
  return (
    <Modal labelledBy="account-modal-title" onClose={close}>
      <h2 id="account-modal-title">{messages.createAccountHeading}</h2>
      <p className={styles.text}>{messages.createAccountText}</p>
      <div className={styles.actions}>
        <Link to="/userauth" className={buttonClass('primary')} onClick={close}>
          create an account
        </Link>
        <Link to="/userauth" className={buttonClass('secondary')} onClick={close}>
          Sign in
        </Link>
      </div>
    </Modal>
  )
}
