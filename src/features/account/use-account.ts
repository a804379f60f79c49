import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router'
import { useSetAtom, useStore } from 'jotai'
import { useCallback } from 'react'
import { ApiError, toApiError } from '../../lib/api-error.ts'
import { toastNotifier } from '../../lib/notify.ts'
import { accountMessages } from '../../lib/page-messages.ts'
import {
  login,
  logout,
  register,
  type Credentials,
  type RegistrationPayload,
} from './account.api.ts'
import type { LoginResponse } from './account.schemas.ts'
import { sessionAtom, signInAtom } from '../../domain/session/session.atoms.ts'
import { forgetAccount } from './forget-account.ts'

/**
 * Keeps what a login answers as the session (rules.md § State changes): first name, id and token;
 * never the password. A sign-in, a registration and a password reset all start one so.
 */
export function useStartSession() {
  const signIn = useSetAtom(signInAtom)
  return useCallback(
    (response: LoginResponse) =>
      signIn({
        id: response.id,
        userName: response.firstName,
        token: response.accessToken,
        refreshToken: response.refreshToken,
      }),
    [signIn],
  )
}

/** Login as a mutation: its pending state ends on success and on failure; failures are toasted by the cache. */
export function useSignIn() {
  const startSession = useStartSession()
  return useMutation({
    mutationFn: (credentials: Credentials) => login(credentials),
    onSuccess: startSession,
  })
}

/**
 * Registration, then the automatic login of rules.md § State changes. An API that accepts the account and then
 * does not know it (the public demo API simulates writes) is said so plainly (decisions.md § Catalogue API).
 */
export function useRegister() {
  const startSession = useStartSession()
  return useMutation({
    mutationFn: async (payload: RegistrationPayload) => {
      await register(payload)
      try {
        return await login({ username: payload.username, password: payload.password })
      } catch (error) {
        if (toApiError(error).status !== 400) throw error
        throw new ApiError({ kind: 'not-kept' }, accountMessages.registrationNotKept, {
          cause: error,
        })
      }
    },
    onSuccess: startSession,
  })
}

/**
 * Sign-out (rules.md § State changes, decisions.md § Accounts and sessions): this device's last
 * changes are sent to the account's copy first (rules.md § Accounts on every device: when they
 * cannot be, the shopper is told); the session ends on the server, so its tokens are refused
 * wherever they are; it and what belongs to the account go from this device at once, whether or
 * not the server could be told (forget-account.ts); back to home.
 */
export function useSignOut() {
  const store = useStore()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(async () => {
    // The sync's module is on the page already when it has anything to send (session-expiry.tsx).
    const sync = await import('./use-account-sync.ts').catch(() => undefined)
    const sent = (await sync?.flushAccountCopy()) ?? true
    const session = store.get(sessionAtom)
    forgetAccount(store, queryClient)
    if (!sent && sync) toastNotifier.error(sync.accountSyncMessages.changesNotSent)
    if (session) void logout({ token: session.token, refreshToken: session.refreshToken })
    void navigate({ to: '/' })
  }, [store, queryClient, navigate])
}

/** 'Back one page' after signing in or registering (rules.md § Sign-in and registration), or home when there is none. */
export function useGoBack() {
  const router = useRouter()
  const canGoBack = useCanGoBack()
  return useCallback(() => {
    if (canGoBack) router.history.back()
    else void router.navigate({ to: '/' })
  }, [router, canGoBack])
}
