/**
 * A shopper's details as the tests type or store them, in the app's unit tests and in the browser
 * journeys alike.
 */

/** A shipping address the checkout accepts (rules.md § Validation rules), by its fields. */
export const SHIPPING_ADDRESS = {
  firstName: 'Asha',
  lastName: 'Verma',
  address1: '12 MG Road',
  address2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  code: '560001',
  mobile: '9876543210',
  email: 'asha@example.com',
}
