import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../test/render-app.tsx'
import { seedSession } from '../../../test/session.ts'

// Dates must exist (rules.md § Validation rules), said in the form's own style, under the field.

describe('dates a shopper gives', () => {
  it('registration: a birth day its month does not have is refused under Birth Day, until the month has it', async () => {
    const { user } = await renderApp('/userauth')
    const form = screen.getByRole('form', { name: 'Create Your Account' })
    await user.selectOptions(within(form).getByLabelText('Birth Day (optional)'), '31')
    await user.selectOptions(within(form).getByLabelText('Birth Month (optional)'), 'February')
    await user.tab()
    const day = within(form).getByLabelText('Birth Day (optional)')
    expect(await within(form).findByText('February has only 29 days')).toBeInTheDocument()
    expect(day).toHaveAttribute('aria-invalid', 'true')

    await user.selectOptions(within(form).getByLabelText('Birth Month (optional)'), 'March')
    expect(within(form).queryByText(/has only/)).not.toBeInTheDocument()
    expect(day).not.toHaveAttribute('aria-invalid', 'true')
  })

  it('profile: a date of birth that does not exist, or lies ahead, is refused', async () => {
    await seedSession()
    const { user } = await renderApp('/myaccount')
    await user.click(await screen.findByRole('button', { name: 'Edit' }))
    const form = screen.getByRole('form', { name: 'Edit personal details' })
    const birthDate = within(form).getByLabelText('Date of Birth')

    await user.clear(birthDate)
    await user.type(birthDate, '2030-13-45')
    await user.tab()
    expect(await within(form).findByText('Enter a Date of Birth that exists')).toBeInTheDocument()

    await user.clear(birthDate)
    await user.type(birthDate, '2999-01-01')
    expect(
      await within(form).findByText('Date of Birth cannot be in the future'),
    ).toBeInTheDocument()

    await user.clear(birthDate)
    await user.type(birthDate, '2024-02-29')
    expect(within(form).queryByText(/Date of Birth (that exists|cannot)/)).not.toBeInTheDocument()
  })
})
