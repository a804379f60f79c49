/** Time as the server sees it; injected so token expiry and login throttling can be tested. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }
