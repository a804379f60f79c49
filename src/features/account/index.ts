export { AccountModal, preloadAccountModal } from './account-modal.tsx'
export { accountModalOpenAtom, isSignedInAtom, sessionAtom, type Session } from './session.atoms.ts'
export { SessionExpiry } from './components/session-expiry.tsx'
