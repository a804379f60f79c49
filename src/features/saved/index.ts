export { savedAtom, toggleSavedAtom, type SavedItem } from './saved.atoms.ts'
