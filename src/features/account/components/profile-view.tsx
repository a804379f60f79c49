import { Button } from '../../../components/button.tsx'
import { accountMessages } from '../../../lib/page-messages.ts'
import type { User } from '../account.schemas.ts'
import styles from './my-account.module.css'

/** A birth date as YYYY-MM-DD when it has a year, month and day; otherwise as the shopper gave it. */
export function formatBirthDate(birthDate: string): string {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(birthDate)
  if (!match) return birthDate
  const [, year, month = '', day = ''] = match
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Read mode of the overview (rules.md § My account). */
export function ProfileView({ user, onEdit }: { user: User; onEdit: () => void }) {
  const rows: [string, string][] = [
    ['First Name', user.firstName],
    ['Last Name', user.lastName],
    ['Email', user.email],
    ['Mobile', user.phone],
    ['Gender', capitalise(user.gender)],
    ['Date of Birth', formatBirthDate(user.birthDate)],
  ]
  return (
    <>
      <section className={styles.card} aria-labelledby="personal-details">
        <h2 id="personal-details">Personal Details</h2>
        <dl className={styles.details}>
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value || '—'}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className={styles.card} aria-labelledby="password-title">
        <h2 id="password-title">Password</h2>
        <div className={styles.passwordRow}>
          <span aria-label="Password hidden">********</span>
          <Button variant="secondary" onClick={onEdit}>
            {accountMessages.edit}
          </Button>
        </div>
      </section>
    </>
  )
}
