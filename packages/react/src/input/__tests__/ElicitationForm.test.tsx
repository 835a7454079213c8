import type { ElicitationRequest } from '@resource-kit/client'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ElicitationForm } from '../ElicitationForm.tsx'

const form: ElicitationRequest = {
  mode: 'form',
  message: 'Sign in to <b>read</b>',
  schema: {},
  fields: [
    {
      name: 'token',
      type: 'string',
      title: 'API token',
      required: true,
      description: 'From settings',
    },
    { name: 'days', type: 'integer', required: false, minimum: 1 },
    { name: 'remember', type: 'boolean', required: false },
    {
      name: 'env',
      type: 'string',
      required: false,
      options: [{ value: 'prod', label: 'Production' }],
    },
  ],
}

function setup(request: ElicitationRequest = form) {
  const onAnswer = vi.fn()
  render(
    <StrictMode>
      <ElicitationForm request={request} onAnswer={onAnswer} />
    </StrictMode>,
  )
  return { onAnswer, user: userEvent.setup() }
}

describe('ElicitationForm', () => {
  it('renders the message as text and one labelled control per field with hints', () => {
    setup()
    expect(screen.getByRole('form', { name: 'Sign in to <b>read</b>' })).toBeTruthy()
    expect(document.querySelector('b')).toBeNull()
    const token = screen.getByRole('textbox', { name: /API token \(required\)/ })
    expect(token.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByRole('spinbutton', { name: /days \(optional\)/ })).toBeTruthy()
    expect(screen.getByRole('checkbox', { name: /remember/ })).toBeTruthy()
    expect(screen.getByRole('combobox', { name: /env/ })).toBeTruthy()
  })

  it('shows errors inline instead of answering when a field is invalid', async () => {
    const { onAnswer, user } = setup()
    await user.type(screen.getByRole('spinbutton', { name: /days/ }), '0')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(onAnswer).not.toHaveBeenCalled()
    expect(screen.getByText('This field is required.')).toBeTruthy()
    expect(screen.getByText('Enter at least 1.')).toBeTruthy()
    expect(screen.getByRole('textbox', { name: /API token/ }).getAttribute('aria-invalid')).toBe(
      'true',
    )
  })

  it('accepts with typed content, by keyboard alone', async () => {
    const { onAnswer, user } = setup()
    await user.tab()
    await user.keyboard('secret')
    await user.tab()
    await user.keyboard('3')
    await user.tab()
    await user.keyboard(' ')
    await user.selectOptions(screen.getByRole('combobox', { name: /env/ }), 'prod')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(onAnswer).toHaveBeenCalledWith({
      action: 'accept',
      content: { token: 'secret', days: 3, remember: true, env: 'prod' },
    })
  })

  it("declines with Don't share and cancels with Cancel request", async () => {
    const { onAnswer, user } = setup()
    await user.click(screen.getByRole('button', { name: "Don't share" }))
    await user.click(screen.getByRole('button', { name: 'Cancel request' }))
    expect(onAnswer.mock.calls).toEqual([[{ action: 'decline' }], [{ action: 'cancel' }]])
  })

  it('puts a checkbox before its label, on one line', () => {
    setup()
    const box = screen.getByRole('checkbox', { name: /remember/ })
    const line = box.parentElement
    expect(line?.className).toBe('rk-field-check')
    expect(line?.firstElementChild).toBe(box)
    expect(line?.lastElementChild?.tagName).toBe('LABEL')
  })

  it('sends nothing while a required field is empty, and takes focus to it', async () => {
    const { onAnswer, user } = setup()
    await user.click(screen.getByRole('checkbox', { name: /remember/ }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(onAnswer).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /API token/ }))
  })

  it('shows a URL request as text and opens it only through onOpenUrl', async () => {
    const onOpenUrl = vi.fn()
    const onAnswer = vi.fn()
    render(
      <ElicitationForm
        request={{ mode: 'url', message: 'Authorize', url: 'https://auth.example/x' }}
        onAnswer={onAnswer}
        onOpenUrl={onOpenUrl}
      />,
    )
    const user = userEvent.setup()
    expect(screen.queryByRole('link')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Open' }))
    expect(onOpenUrl).toHaveBeenCalledWith('https://auth.example/x')
    await user.click(screen.getByRole('button', { name: 'Done' }))
    expect(onAnswer).toHaveBeenCalledWith({ action: 'accept' })
  })
})
