import { initialsOf } from '../images/avatar.ts'
import type { Address, UserRecord } from './user-store.ts'

/** The user as every endpoint answers it. Built field by field, so the password hash can never leak. */
export interface PublicUser {
  id: number
  firstName: string
  lastName: string
  maidenName: string
  age: number | null
  gender: string
  email: string
  phone: string
  username: string
  birthDate: string
  image: string
  address: Address
  role: string
}

/** Age in whole years from a `YYYY-MM-DD` birth date; null when the date has no year (the spec's form sends day-month). */
export function ageOn(birthDate: string, now: Date): number | null {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(birthDate)
  if (!match) return null
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  const hadBirthday =
    now.getUTCMonth() + 1 > month || (now.getUTCMonth() + 1 === month && now.getUTCDate() >= day)
  const age = now.getUTCFullYear() - year - (hadBirthday ? 0 : 1)
  return age >= 0 && age < 150 ? age : null
}

export function toPublicUser(user: UserRecord, assetBase: string, now: Date): PublicUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    maidenName: user.maidenName,
    age: ageOn(user.birthDate, now),
    gender: user.gender,
    email: user.email,
    phone: user.phone,
    username: user.username,
    birthDate: user.birthDate,
    image: `${assetBase}/images/avatars/${initialsOf(user.firstName, user.lastName)}.svg`,
    address: { ...user.address },
    role: user.role,
  }
}
