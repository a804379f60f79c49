import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { Button } from '../../../components/button.tsx'
import { Skeleton } from '../../../components/skeleton.tsx'
import { errorMessages } from '../../../lib/api-error.ts'
import { pageTitle } from '../../../lib/page-title.ts'
import { userQuery } from '../account.queries.ts'
import { sessionAtom, type Session } from '../session.atoms.ts'
import styles from './my-account.module.css'
import { ProfileForm } from './profile-form.tsx'
import { ProfileView } from './profile-view.tsx'

/** /myaccount (spec §2.12); the guard route has made sure there is a session. */
export function MyAccountPage() {
  const session = useAtomValue(sessionAtom)
  return (
    <div className={`container ${styles.page}`}>
      <title>{pageTitle('My Account')}</title>
      <h1>Overview</h1>
      {session && <Profile session={session} />}
    </div>
  )
}

function Profile({ session }: { session: Session }) {
  const user = useQuery(userQuery(session))
  const [editing, setEditing] = useState(false)

  if (user.isPending) {
    return (
      <div role="status" aria-label="Loading your details" className={styles.card}>
        <Skeleton width="40%" height="1.5rem" />
        <Skeleton height="8rem" />
      </div>
    )
  }
  if (user.isError) {
    return (
      <div role="alert" className={styles.card}>
        <p>{errorMessages(user.error).join(' ')}</p>
        <div>
          <Button onClick={() => void user.refetch()}>Retry</Button>
        </div>
      </div>
    )
  }
  return editing ? (
    <ProfileForm user={user.data} session={session} onDone={() => setEditing(false)} />
  ) : (
    <ProfileView user={user.data} onEdit={() => setEditing(true)} />
  )
}
