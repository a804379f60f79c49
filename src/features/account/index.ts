export { AccountModal } from './account-modal.tsx'
export { accountModalOpenAtom, isSignedInAtom } from './session.atoms.ts'
