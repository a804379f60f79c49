/**
 * The shop's operators (docs/api.md § Operator): accounts of their own, apart from shoppers', in
 * the same storage (server/storage: sqlite-operators.ts, postgres-operators.ts), with sessions a
 * sign-out, a new password or the operator's removal ends.
 */

export interface OperatorRecord {
  id: number
  /** Lower case, as it signs in. */
  email: string
  passwordHash: string
}

/** An operator's session, as a request's token finds it. */
export interface OperatorSession {
  operatorId: number
  email: string
}

export interface OperatorStore {
  /**
   * Adds an operator, or sets a new password for one (its sessions then end). Answers whether the
   * operator was new.
   */
  put(email: string, passwordHash: string, at: number): Promise<{ added: boolean }>
  /** Removes an operator and ends its sessions; false when there was none. */
  remove(email: string): Promise<boolean>
  byEmail(email: string): Promise<OperatorRecord | undefined>
  /** Starts a session, known by its token's hash (the token itself is never stored). */
  startSession(session: {
    tokenHash: string
    operatorId: number
    at: number
    expiresAt: number
  }): Promise<void>
  /** The session of a token's hash, if it is neither ended nor expired at `now`. */
  session(tokenHash: string, now: number): Promise<OperatorSession | undefined>
  endSession(tokenHash: string, at: number): Promise<void>
}
