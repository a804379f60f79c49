import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { messageFor } from '../../../test/schema-messages.ts'
import { loginSchema } from './login.schema.ts'
import { profileSchema } from './profile.schema.ts'
import { registrationSchema } from './registration.schema.ts'

describe('login (rules.md § Validation rules)', () => {
  it.each([
    ['username', '', 'User Name is required'],
    ['username', '   ', 'User Name is required'],
    ['password', '', 'Password is required'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(
      messageFor(loginSchema, { username: 'emilys', password: 'x', [field]: value }, field),
    ).toBe(message)
  })
})

const registration = {
  country: 'India',
  email: 'asha@example.com',
  confirmEmail: 'asha@example.com',
  uname: 'ashav',
  fname: 'Asha',
  lname: 'Verma',
  pno: '',
  zipcode: '',
  months: '',
  days: '',
  gender: '',
  password: 'secret1',
  confirmPassword: 'secret1',
}

describe('registration (rules.md § Validation rules)', () => {
  it('accepts the required fields alone, and every optional one when valid', () => {
    expect(v.safeParse(registrationSchema, registration).success).toBe(true)
    const full = {
      ...registration,
      pno: '9876543210',
      zipcode: '560001',
      months: 'March',
      days: '14',
      gender: 'Female',
    }
    expect(v.safeParse(registrationSchema, full).success).toBe(true)
  })

  it.each([
    ['country', '', 'Country is missing.'],
    ['country', 'Narnia', 'Country is missing.'],
    ['email', '', 'Email Address missing.'],
    ['email', 'asha.example.com', 'Email is not in proper format'],
    ['confirmEmail', '', 'Confirm Email Address Missing.'],
    ['confirmEmail', 'other@example.com', 'Email does not match'],
    ['uname', '', 'User Name missing'],
    ['fname', '', 'First Name missing'],
    ['lname', '', 'Last Name missing'],
    ['pno', '6876543210', 'Invalid phone number'],
    ['pno', '987654321', 'Invalid phone number'],
    ['zipcode', '056001', 'Pincode is not valid'],
    ['zipcode', '5600', 'Pincode is not valid'],
    ['password', '', 'Password is required'],
    ['confirmPassword', '', 'Confirm Password is required'],
    ['confirmPassword', 'secret2', 'Passwords does not match'],
    // Ours: pasted text with a line break or control character (shared/text/plain-text.ts).
    ['fname', 'Asha\nVerma', 'Line breaks and control characters are not allowed'],
    ['lname', 'Verma\u0007', 'Line breaks and control characters are not allowed'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(messageFor(registrationSchema, { ...registration, [field]: value }, field)).toBe(message)
  })

  it.each([
    ['a', 'Must Contain 6 Characters'],
    ['abcdefghij1234567890x', 'Cannot exceed 20 Characters'],
    ['password', 'Must contain a letter and a number'],
    ['12345678', 'Must contain a letter and a number'],
  ])('enforces the password hint, as the server does: %j → %s', (password, message) => {
    expect(
      messageFor(
        registrationSchema,
        { ...registration, password, confirmPassword: password },
        'password',
      ),
    ).toBe(message)
  })

  it.each([
    ['February', '30', 'February has only 29 days'],
    ['February', '31', 'February has only 29 days'],
    ['April', '31', 'April has only 30 days'],
    ['November', '31', 'November has only 30 days'],
  ])('takes only a day its month has: %s %s → %s', (months, days, message) => {
    expect(messageFor(registrationSchema, { ...registration, months, days }, 'days')).toBe(message)
  })

  it.each([
    ['February', '29'],
    ['January', '31'],
    ['April', '30'],
    ['', '31'],
    ['February', ''],
  ])('takes %j %j: a day of its month (any year: February 29 is a birthday)', (months, days) => {
    expect(
      messageFor(registrationSchema, { ...registration, months, days }, 'days'),
    ).toBeUndefined()
  })

  it.each(['emilys\u200B', 'emily s', 'emilys\u0007', 'emilys\uD800'])(
    'refuses a user name with what a reader cannot see: %j',
    (uname) => {
      expect(messageFor(registrationSchema, { ...registration, uname }, 'uname')).toBe(
        'User Name must not contain spaces, invisible or control characters',
      )
    },
  )
})

const profile = {
  firstName: 'Emily',
  lastName: 'Johnson',
  email: 'emily@example.com',
  confirmEmail: 'emily@example.com',
  phone: '+1 (602) 555-0142',
  birthDate: '1996-05-30',
  gender: 'female',
  oldPassword: 'emilyspass',
  newPassword: 'newpass1',
  confirmPassword: 'newpass1',
}

describe('profile (rules.md § Validation rules)', () => {
  it('accepts a valid profile; birth date and gender are optional', () => {
    expect(v.safeParse(profileSchema, profile).success).toBe(true)
    expect(v.safeParse(profileSchema, { ...profile, birthDate: '', gender: '' }).success).toBe(true)
  })

  it.each([
    ['email', '', 'Email Address missing.'],
    ['email', 'emily@', 'Email is not in proper format'],
    ['confirmEmail', '', 'Confirm Email Address Missing.'],
    ['confirmEmail', 'em@example.com', 'Email does not match'],
    ['firstName', '', 'First Name missing'],
    ['firstName', 'Em1ly', 'Please enter valid FirstName'],
    ['firstName', 'Em', 'Must Contain 3 Characters'],
    ['firstName', 'Emilyanneee', 'Cannot exceed 10 Characters'],
    ['lastName', '', 'Last Name missing'],
    ['lastName', 'O-Neil', 'Please enter valid FirstName'],
    ['lastName', 'Jo', 'Must Contain 3 Characters'],
    ['lastName', 'Johnsonsmith', 'Cannot exceed 10 Characters'],
    ['phone', '', 'Phone Number missing'],
    ['phone', 'call me', 'Enter Valid Phone Number'],
    ['phone', '12', 'Enter Valid Phone Number'],
    ['birthDate', '30-05-1996', 'Enter Date of Birth in the right format'],
    ['birthDate', '1996-5-30', 'Enter Date of Birth in the right format'],
    ['birthDate', '2030-13-45', 'Enter a Date of Birth that exists'],
    ['birthDate', '2023-02-29', 'Enter a Date of Birth that exists'],
    ['birthDate', '1996-04-31', 'Enter a Date of Birth that exists'],
    ['birthDate', '2999-01-01', 'Date of Birth cannot be in the future'],
    ['oldPassword', '', 'Current Password is required'],
    ['newPassword', '', 'New Password is required'],
    ['newPassword', 'abc12', 'Must Contain 6 Characters'],
    ['newPassword', 'abcdefghij1234567890x', 'Cannot exceed 20 Characters'],
    ['newPassword', 'newpassword', 'Must contain a letter and a number'],
    ['confirmPassword', '', 'Confirm Password is required'],
    ['confirmPassword', 'newpass2', 'Passwords does not match'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(messageFor(profileSchema, { ...profile, [field]: value }, field)).toBe(message)
  })

  it.each(['2024-02-29', '1996-01-31', '1970-12-31'])(
    'accepts the date of birth %s',
    (birthDate) => {
      expect(messageFor(profileSchema, { ...profile, birthDate }, 'birthDate')).toBeUndefined()
    },
  )

  it.each(['+1 602-555-0142', '9876543210', '(022) 2345 6789', '+91 98765 43210'])(
    'accepts the phone number %s',
    (phone) => {
      expect(messageFor(profileSchema, { ...profile, phone }, 'phone')).toBeUndefined()
    },
  )
})
