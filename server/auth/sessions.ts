import { randomBytes } from 'node:crypto'
import type { Clock } from '../clock.ts'

/**
 * Sessions (decisions.md § Accounts and sessions): a sign-in is a session, kept in the shared
 * database so that every replica, and a restart, sees it end. Its tokens name it (`sid`), and an
 * access token is taken only while its session lasts: signing out, a password change or a reused
 * refresh token ends it at once, not when the token expires.
 */
export interface SessionRecord {
  id: string
  userId: number
  /** The id of the one refresh token that may be used next (rotation). */
  refreshId: string
  createdAt: number
  /** The session's absolute end: refreshing never moves it. */
  expiresAt: number
  /** When it was ended (signed out, reuse, password change); null while it lasts. */
  endedAt: number | null
}

/** What a refresh token did to its session. */
export type Rotation = 'rotated' | 'reused' | 'ended'

/** Where sessions are kept (server/storage): the same database as the users. */
export interface SessionStore {
  start(session: Omit<SessionRecord, 'endedAt'>): Promise<void>
  find(id: string): Promise<SessionRecord | undefined>
  /**
   * In one atomic step, across every process on the same database: when the session lasts at `at`
   * and `fromRefreshId` is its current refresh token, moves it to `toRefreshId` ('rotated'); when
   * it lasts but another refresh token is current, the presented one was used before, so the
   * session ends ('reused'); otherwise it had ended ('ended').
   */
  rotate(id: string, fromRefreshId: string, toRefreshId: string, at: number): Promise<Rotation>
  /** Ends one session (nothing if it had ended). */
  end(id: string, at: number): Promise<void>
  /** Ends every lasting session of the user but `exceptId`. */
  endAllOf(userId: number, at: number, exceptId?: string): Promise<void>
  /** Forgets sessions that expired or ended at or before `before`. */
  prune(before: number): Promise<void>
}

/** A session lasts 30 days from its sign-in, however often its tokens are refreshed. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60_000
const PRUNE_EVERY_MS = 60 * 60_000

/** 128 random bits, URL-safe: session and refresh-token ids. */
export const newId = () => randomBytes(16).toString('base64url')

const lasts = (session: SessionRecord | undefined, now: number): session is SessionRecord =>
  session !== undefined && session.endedAt === null && session.expiresAt > now

export function createSessions(store: SessionStore, clock: Clock) {
  let prunedAt = -Infinity

  return {
    /** A new session for a sign-in. Ended and expired ones are swept once an hour. */
    async open(userId: number): Promise<SessionRecord> {
      const now = clock.now()
      if (now - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = now
        await store.prune(now)
      }
      const session = {
        id: newId(),
        userId,
        refreshId: newId(),
        createdAt: now,
        expiresAt: now + SESSION_LIFETIME_MS,
      }
      await store.start(session)
      return { ...session, endedAt: null }
    },

    /** The session, while it lasts and belongs to `userId`. */
    async lasting(id: string, userId: number): Promise<SessionRecord | undefined> {
      const session = await store.find(id)
      return lasts(session, clock.now()) && session.userId === userId ? session : undefined
    },

    /** The next refresh token's id, or why there is none (the session was reused or had ended). */
    async rotate(
      id: string,
      refreshId: string,
    ): Promise<{ refreshId: string; session: SessionRecord } | { refused: Rotation }> {
      const next = newId()
      const outcome = await store.rotate(id, refreshId, next, clock.now())
      const session = outcome === 'rotated' ? await store.find(id) : undefined
      return session ? { refreshId: next, session } : { refused: outcome }
    },

    end: (id: string) => store.end(id, clock.now()),
    endOthers: (userId: number, keepId: string) => store.endAllOf(userId, clock.now(), keepId),
  }
}

export type Sessions = ReturnType<typeof createSessions>
