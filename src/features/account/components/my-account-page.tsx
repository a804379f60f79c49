import { useSuspenseQuery } from '@tanstack/react-query'
import { useAtomValue, useStore } from 'jotai'
import { useState } from 'react'
import { accountMessages } from '../../../lib/page-messages.ts'
import { userQuery } from '../account.queries.ts'
import { tokenCaller } from '../../../domain/session/session-tokens.ts'
import { sessionAtom, type Session } from '../../../domain/session/session.atoms.ts'
import styles from './my-account.module.css'
import { ProfileForm } from './profile-form.tsx'
import { ProfileView } from './profile-view.tsx'

/** /myaccount (rules.md § My account); the route's loader has the profile in the cache. */
export function MyAccountPage() {
  const session = useAtomValue(sessionAtom)
  return (
    <div className={`container ${styles.page}`}>
      <h1>{accountMessages.overview}</h1>
      {session && <Profile session={session} />}
    </div>
  )
}

function Profile({ session }: { session: Session }) {
  const store = useStore()
  const { data: user } = useSuspenseQuery(userQuery(session.id, tokenCaller(store)))
  const [editing, setEditing] = useState(false)
  return editing ? (
    <ProfileForm user={user} session={session} onDone={() => setEditing(false)} />
  ) : (
    <ProfileView user={user} onEdit={() => setEditing(true)} />
  )
}
