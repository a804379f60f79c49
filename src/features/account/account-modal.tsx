import { useAtom } from 'jotai'
import { Modal } from '../../components/modal.tsx'
import { OnDemand } from '../../components/on-demand.tsx'
import { lazyComponent } from '../../lib/lazy-component.ts'
import { messages } from '../../lib/messages.ts'
import { accountModalOpenAtom } from './session.atoms.ts'

// The modal's content (forms, validation) loads when it first opens, not with every page.
const AccountModalContent = lazyComponent(
  () => import('./components/account-modal-content.tsx'),
  'AccountModalContent',
)

/** The account modal of spec §2.9, opened by the header's user icon. */
export function AccountModal() {
  const [open, setOpen] = useAtom(accountModalOpenAtom)
  if (!open) return null
  const close = () => setOpen(false)
  return (
    <Modal labelledBy="account-modal-title" onClose={close}>
      <OnDemand
        fallback={<p role="status">Loading…</p>}
        failed={<p role="alert">{messages.notLoaded}</p>}
      >
        <AccountModalContent onClose={close} />
      </OnDemand>
    </Modal>
  )
}
