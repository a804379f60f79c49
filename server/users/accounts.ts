import { HTTPException } from 'hono/http-exception'
import { hashPassword, type ScryptCost } from '../auth/password.ts'
import type { NewUserInput, UserChangesInput } from './user.schema.ts'
import {
  EMPTY_ADDRESS,
  TakenError,
  type UniqueField,
  type UserChanges,
  type UserRecord,
  type UserStore,
} from './user-store.ts'

/** Registration and profile changes: the rules around the store (hashing, uniqueness). */
export interface Accounts {
  /** `namesFree` is told once the user name and email are found free, before the slow hash. */
  register(input: NewUserInput, namesFree?: () => Promise<void>): Promise<UserRecord>
  update(
    user: UserRecord,
    input: UserChangesInput,
    namesFree?: () => Promise<void>,
  ): Promise<UserRecord>
}

const TAKEN_MESSAGES = {
  username: 'Username already exists',
  email: 'Email already exists',
} as const

/** The answer that a user name or email is taken (which the account limits count). */
export class TakenAnswer extends HTTPException {
  readonly field: UniqueField
  constructor(field: UniqueField) {
    super(400, { message: TAKEN_MESSAGES[field] })
    this.field = field
  }
}

/** The store's write, with a name taken meanwhile (by any replica) answered as the contract says. */
async function write<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw error instanceof TakenError ? new TakenAnswer(error.field) : error
  }
}

export function createAccounts(store: UserStore, scryptCost?: ScryptCost): Accounts {
  // Checked before the (slow) hash to answer fast. A registration for the same name that lands
  // while this one is hashing is caught by the database's unique constraint (TakenError).
  const assertFree = async (field: UniqueField, value: string | undefined, exceptId?: number) => {
    if (value !== undefined && (await store.isTaken(field, value, exceptId))) {
      throw new TakenAnswer(field)
    }
  }

  return {
    async register(input, namesFree) {
      await assertFree('username', input.username)
      await assertFree('email', input.email)
      await namesFree?.()
      const passwordHash = await hashPassword(input.password, scryptCost)
      return write(() =>
        store.insert({
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
        }),
      )
    },

    async update(user, input, namesFree) {
      await assertFree('username', input.username, user.id)
      await assertFree('email', input.email, user.id)
      await namesFree?.()
      const { password, address, ...fields } = input
      const changes: UserChanges = { ...fields }
      if (address) changes.address = { ...user.address, ...address }
      if (password !== undefined) changes.passwordHash = await hashPassword(password, scryptCost)
      const updated = await write(() => store.update(user.id, changes))
      if (!updated) throw new HTTPException(404, { message: `User with id '${user.id}' not found` })
      return updated
    },
  }
}
