/** A change is sent this long after the last one, so a run of taps is one request. */
export const SEND_AFTER_MS = 300
/** The page shown again within this long of the last request asks nothing new (focus and visibility come together). */
export const PULL_GAP_MS = 300
/** A failed exchange is tried again after 1 s, then 2, 4… up to every 30 s. */
export const FIRST_RETRY_MS = 1_000
export const LAST_RETRY_MS = 30_000

/** When the sync talks (decisions.md § Sync): the send's delay, the retries and the pull gap. */
export interface SyncSchedule {
  /** Runs `send` SEND_AFTER_MS after the last call, in place of one still waiting. */
  sendSoon(send: () => void): void
  /** The send waiting, if any, will not run. */
  cancelSend(): void
  /** An exchange failed: `retry` runs after the wait, which doubles for the next failure. */
  retryLater(retry: () => void): void
  /** The retry waiting, if any, will not run. */
  cancelRetry(): void
  /** An exchange succeeded, or the connection returned: the next failure waits the least again. */
  resetBackoff(): void
  /** A request is leaving now. */
  requestMade(): void
  /** Whether a request left within PULL_GAP_MS: a page shown now asks nothing new. */
  askedRecently(): boolean
  /** Nothing waiting runs. */
  stop(): void
}

export function createSyncSchedule(): SyncSchedule {
  let sendTimer: ReturnType<typeof setTimeout> | undefined
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  // The connection may come back without the browser saying so, or the server may have been
  // restarting: tried again, less and less often, until an exchange succeeds.
  let retryMs = FIRST_RETRY_MS
  let lastRequestAt = -Infinity
  return {
    sendSoon(send) {
      clearTimeout(sendTimer)
      sendTimer = setTimeout(send, SEND_AFTER_MS)
    },
    cancelSend() {
      clearTimeout(sendTimer)
    },
    retryLater(retry) {
      retryTimer = setTimeout(retry, retryMs)
      retryMs = Math.min(retryMs * 2, LAST_RETRY_MS)
    },
    cancelRetry() {
      clearTimeout(retryTimer)
    },
    resetBackoff() {
      retryMs = FIRST_RETRY_MS
    },
    requestMade() {
      lastRequestAt = Date.now()
    },
    askedRecently() {
      return Date.now() - lastRequestAt < PULL_GAP_MS
    },
    stop() {
      clearTimeout(sendTimer)
      clearTimeout(retryTimer)
    },
  }
}
