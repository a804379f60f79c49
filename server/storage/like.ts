/**
 * A text for a LIKE pattern that matches itself only: its wildcards (`%`, `_`) and the escape
 * character escaped with a backslash: PostgreSQL's escape, and SQLite's with `ESCAPE '\'`.
 */
export const likeLiteral = (text: string) =>
  text.replace(/[\\%_]/g, (character) => `\\${character}`)
