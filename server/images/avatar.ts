/**
 * A user's avatar: their initials on a colour derived from them. The URL carries the initials, so
 * serving it needs no user lookup and reveals nothing the profile does not already show.
 */

// Dark enough that white initials meet WCAG AA (4.5:1) on every one of them.
const BACKGROUNDS = [
  '#1d4ed8',
  '#047857',
  '#7c3aed',
  '#b91c1c',
  '#0f766e',
  '#9d174d',
  '#92400e',
  '#334155',
]

export function initialsOf(firstName: string, lastName: string): string {
  // ASCII only (accents folded), so every avatar URL matches AVATAR_FILE.
  const letter = (name: string) =>
    (name.normalize('NFD').replace(/[^A-Za-z0-9]/g, '')[0] ?? '').toUpperCase()
  return letter(firstName) + letter(lastName) || 'U'
}

/** Avatar file names are 1–2 upper-case ASCII letters or digits; anything else is not an avatar. */
export const AVATAR_FILE = /^([A-Z0-9]{1,2})\.svg$/

export function renderAvatar(initials: string): string {
  const code = [...initials].reduce((sum, ch) => sum + ch.charCodeAt(0), 0)
  const background = BACKGROUNDS[code % BACKGROUNDS.length]
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img">` +
    `<title>${initials}</title>` +
    `<circle cx="64" cy="64" r="64" fill="${background}"/>` +
    `<text x="64" y="64" dy="0.35em" text-anchor="middle" fill="#ffffff" ` +
    `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="52" font-weight="600">` +
    `${initials}</text></svg>`
  )
}
