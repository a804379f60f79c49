import { useAtom } from 'jotai'
import { OnDemand } from '../../components/on-demand.tsx'
import { lazyComponent } from '../../lib/lazy-component.ts'
import { messages } from '../../lib/messages.ts'
import { accountModalOpenAtom } from '../../domain/session/session.atoms.ts'

// The dialog and its content (forms, validation) load when it first opens, not with every page.
const AccountDialog = lazyComponent(
  () => import('./components/account-dialog.tsx'),
  'AccountDialog',
)

/** Starts loading the dialog's code as the shopper reaches for what opens it. */
export const preloadAccountModal = AccountDialog.preload

/** The account modal of rules.md § Account modal, opened by the header's user icon. */
export function AccountModal() {
  const [open, setOpen] = useAtom(accountModalOpenAtom)
  if (!open) return null
  return (
    <OnDemand
      fallback={
        <p role="status" className="visually-hidden">
          {messages.loading}
        </p>
      }
      failed={<p role="alert">{messages.notLoaded}</p>}
    >
      <AccountDialog onClose={() => setOpen(false)} />
    </OnDemand>
  )
}
