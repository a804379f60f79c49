import { useAtom } from 'jotai'
import { Suspense } from 'react'
import { lazyExport } from '../../lib/lazy-export.ts'
import { Modal } from '../../components/modal.tsx'
import { accountModalOpenAtom } from './session.atoms.ts'

// The modal's content (forms, validation) loads when it first opens, not with every page.
const AccountModalContent = lazyExport(
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
      <Suspense fallback={<p role="status">Loading…</p>}>
        <AccountModalContent onClose={close} />
      </Suspense>
    </Modal>
  )
}
