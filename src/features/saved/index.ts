export { moveToCartAtom, saveForLaterAtom } from './saved.actions.ts'
export { removeSavedAtom, savedAtom, toggleSavedAtom, type SavedItem } from './saved.atoms.ts'
