import type { Accounts } from './accounts.ts'
import type { UserStore } from './user-store.ts'

/** The demo shopper of decisions.md § Catalogue API, with a full profile, so the account pages have data from the first start. */
export const DEMO_SHOPPER = {
  username: 'emilys',
  password: 'emilyspass',
  email: 'emily.johnson@example.com',
  firstName: 'Emily',
  lastName: 'Johnson',
  maidenName: 'Smith',
  gender: 'female',
  phone: '+1 602-555-0142',
  birthDate: '1996-05-30',
  address: {
    address: '626 Main Street',
    city: 'Phoenix',
    state: 'Arizona',
    stateCode: 'AZ',
    postalCode: '85004',
    country: 'United States',
  },
} as const

/** Adds the demo shopper unless present. Replicas starting at once may race: one of them adds it. */
export async function seedUsers(store: UserStore, accounts: Accounts): Promise<void> {
  if (await store.findByUsername(DEMO_SHOPPER.username)) return
  try {
    await accounts.register({ ...DEMO_SHOPPER, address: { ...DEMO_SHOPPER.address } })
  } catch (error) {
    if (!(await store.findByUsername(DEMO_SHOPPER.username))) throw error
  }
}
