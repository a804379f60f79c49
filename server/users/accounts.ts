import { ApiError } from '../http/api-error.ts'
import { hashPassword, type ScryptCost } from '../auth/password.ts'
import type { NewUserInput, UserChangesInput } from './user.schema.ts'
import { EMPTY_ADDRESS, type UserChanges, type UserRecord, type UserStore } from './user-store.ts'

/** Registration and profile changes: the rules around the store (hashing, uniqueness). */
export interface Accounts {
  register(input: NewUserInput): Promise<UserRecord>
  update(user: UserRecord, input: UserChangesInput): Promise<UserRecord>
}

const TAKEN_MESSAGES = {
  username: 'Username already exists',
  email: 'Email already exists',
} as const

export function createAccounts(store: UserStore, scryptCost?: ScryptCost): Accounts {
  const assertFree = (
    field: 'username' | 'email',
    value: string | undefined,
    exceptId?: number,
  ) => {
    if (value !== undefined && store.isTaken(field, value, exceptId)) {
      throw new ApiError(400, TAKEN_MESSAGES[field])
    }
  }

  return {
    async register(input) {
      // Checked before the (slow) hash to answer fast, and again after it: another registration
      // for the same name may have landed while this one was hashing.
      assertFree('username', input.username)
      assertFree('email', input.email)
      const passwordHash = await hashPassword(input.password, scryptCost)
      assertFree('username', input.username)
      assertFree('email', input.email)
      return store.insert({
        username: input.username,
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        maidenName: input.maidenName ?? '',
        gender: input.gender ?? '',
        phone: input.phone ?? '',
        birthDate: input.birthDate ?? '',
        role: 'user',
        address: {
          ...EMPTY_ADDRESS,
          ...input.address,
          country: input.country ?? input.address?.country ?? '',
        },
      })
    },

    async update(user, input) {
      assertFree('username', input.username, user.id)
      assertFree('email', input.email, user.id)
      const { password, address, ...fields } = input
      const changes: UserChanges = { ...fields }
      if (address) changes.address = { ...user.address, ...address }
      if (password !== undefined) changes.passwordHash = await hashPassword(password, scryptCost)
      assertFree('username', input.username, user.id)
      assertFree('email', input.email, user.id)
      const updated = store.update(user.id, changes)
      if (!updated) throw new ApiError(404, `User with id '${user.id}' not found`)
      return updated
    },
  }
}
