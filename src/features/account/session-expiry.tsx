import { useAtomValue } from 'jotai'
import { WhenLoaded } from '../../components/on-demand.tsx'
import { useAfterHydration } from '../../lib/hydrated.tsx'
import { lazyComponent } from '../../lib/lazy-component.ts'
import { isSignedInAtom } from '../../domain/session/session.atoms.ts'

// What a session does on every page loads with the session, not with every page.
const SessionExpiryWatch = lazyComponent(
  () => import('./components/session-expiry-watch.tsx'),
  'SessionExpiryWatch',
)

/**
 * What a signed-in session runs on every page: signs the shopper out when the API says the session
 * has ended (decisions.md § Accounts and sessions), and keeps the device's cart, saved items and
 * address with the account's copy (rules.md § Accounts on every device).
 */
export function SessionExpiry() {
  const signedIn = useAfterHydration(useAtomValue(isSignedInAtom), false)
  return (
    <WhenLoaded piece={SessionExpiryWatch} when={signedIn}>
      {signedIn && <SessionExpiryWatch />}
    </WhenLoaded>
  )
}
