import { Modal } from '../../../components/modal.tsx'
import { ACCOUNT_MODAL_TITLE_ID, AccountModalContent } from './account-modal-content.tsx'

/** The account modal's dialog and content (rules.md § Account modal): its own chunk, loaded when first opened. */
export function AccountDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal labelledBy={ACCOUNT_MODAL_TITLE_ID} onClose={onClose}>
      <AccountModalContent onClose={onClose} />
    </Modal>
  )
}
