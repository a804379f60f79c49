/**
 * User names as people read them (decisions.md § Accounts and sessions, user names). A name is
 * kept in its NFKC form (fullwidth `ｅｍｉｌｙｓ` is `emilys`), and two names are the same account
 * when they differ only by case, width or accents (`Émilys`, `emilyṡ`): otherwise a look-alike
 * of someone's name could be registered beside it. A name may not hold what a reader cannot see:
 * controls, invisible format characters (a zero-width space), separators, private-use or
 * unassigned characters, or half of a surrogate pair.
 */

const UNSEEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Z}\s]/u

/** The message for a name that holds characters a reader cannot see. */
export const UNSEEN_MESSAGE = 'Username must not contain spaces, invisible or control characters'

/** The name as it is kept and shown: trimmed, NFKC. */
export const normaliseUsername = (name: string) => name.trim().normalize('NFKC')

/** Whether the name holds a character a reader cannot see (a lone surrogate is one: `Cs`). */
export const hasUnseenCharacters = (name: string) => UNSEEN.test(name)

/**
 * What names are compared by: NFKC, case-folded (upper then lower case, so `ß` meets `SS`), then
 * without accents and other marks. Unique in the database, so two accounts cannot share it.
 */
export function usernameKey(name: string): string {
  return normaliseUsername(name.replace(/\p{Cs}/gu, '\uFFFD'))
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .normalize('NFC')
}
