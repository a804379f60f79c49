/**
 * The theme before first paint (no flash): the shopper's stored choice (under theme.atoms.ts's
 * THEME_STORAGE_KEY, a JSON string), else the system's preference. An inline script in every
 * document's head, the server's and the offline shell's (index.html), so it runs before the
 * stylesheet paints; the Content-Security-Policy allows it by its hash. It imports nothing
 * (build/inline-script-plugin.ts), so the key is written here again: theme.test.tsx runs this
 * script against the atoms' key.
 */
let theme: unknown
try {
  theme = JSON.parse(localStorage.getItem('theme') ?? 'null')
} catch {
  // Unreadable storage or a corrupted value: the system's theme.
}
if (theme !== 'light' && theme !== 'dark')
  theme = window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
const root = document.documentElement
root.dataset.theme = theme as string
root.style.colorScheme = theme as string
