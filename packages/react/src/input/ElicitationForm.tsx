// PARTS: a form for one elicitation request (flattened FormField[] or a URL to visit).
// Server text (message, titles, descriptions, option labels) renders as text only. The
// answer is checked by the client's rule before anything is sent; the refusal buttons use
// the client's one wording (`inputRefusalWords`), the same the errors and the CLI use.
import {
  type ElicitationAnswer,
  type ElicitationRequest,
  type FormField,
  inputRefusalWords,
} from '@resource-kit/client'
import {
  type FormEvent,
  type ForwardedRef,
  forwardRef,
  type ReactNode,
  useId,
  useRef,
  useState,
} from 'react'
import { mergeRefs } from '../shared/composeHandlers.ts'
import { coerceValues, type FieldInput, initialValues } from './elicitationValues.ts'

export interface ElicitationFormProps {
  request: ElicitationRequest
  /** Called once with the user's answer (accept, decline or cancel). */
  onAnswer: (answer: ElicitationAnswer) => void
  /** Opens the URL of a `url` request; the link is shown as text without it. */
  onOpenUrl?: (url: string) => void
  className?: string
}

function FieldControl({
  field,
  id,
  value,
  error,
  onChange,
}: {
  field: FormField
  id: string
  value: FieldInput
  error?: string
  onChange: (value: FieldInput) => void
}) {
  const describedBy = [field.description && `${id}-desc`, error && `${id}-err`]
    .filter(Boolean)
    .join(' ')
  const common = {
    id,
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': field.required || undefined,
  }
  if (field.type === 'boolean') {
    return (
      <input
        {...common}
        type="checkbox"
        checked={value === true}
        onChange={(e) => onChange(e.target.checked)}
      />
    )
  }
  if (field.options && field.multiple) {
    const list = Array.isArray(value) ? value : []
    return (
      <select
        {...common}
        multiple
        value={list}
        onChange={(e) => onChange([...e.target.selectedOptions].map((o) => o.value))}
      >
        {field.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    )
  }
  if (field.options) {
    return (
      <select
        {...common}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{field.required ? 'Choose…' : '(none)'}</option>
        {field.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    )
  }
  const numeric = field.type === 'number' || field.type === 'integer'
  return (
    <input
      {...common}
      type={numeric ? 'number' : field.format === 'email' ? 'email' : 'text'}
      inputMode={numeric ? 'decimal' : undefined}
      min={field.minimum}
      max={field.maximum}
      step={field.type === 'integer' ? 1 : undefined}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value)}
    />
  )
}

/** Renders an elicitation request and resolves it with the user's answer. */
export const ElicitationForm = forwardRef(function ElicitationForm(
  { request, onAnswer, onOpenUrl, className }: ElicitationFormProps,
  ref: ForwardedRef<HTMLFormElement>,
) {
  const baseId = useId()
  const fields = request.mode === 'form' ? request.fields : []
  const [values, setValues] = useState(() => initialValues(fields))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const formRef = useRef<HTMLFormElement>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (request.mode === 'url') {
      onAnswer({ action: 'accept' })
      return
    }
    const result = coerceValues(fields, values)
    if (!result.ok) {
      setErrors(result.errors)
      // Nothing is sent: take the person to the first field that needs them.
      const first = fields.findIndex((f) => Object.hasOwn(result.errors, f.name))
      formRef.current?.querySelector<HTMLElement>(`[id="${baseId}-f${first}"]`)?.focus()
      return
    }
    onAnswer({ action: 'accept', content: result.content })
  }

  return (
    <form
      ref={mergeRefs(formRef, ref)}
      className={className ? `rk-elicitation ${className}` : 'rk-elicitation'}
      data-mode={request.mode}
      aria-labelledby={`${baseId}-msg`}
      onSubmit={submit}
      noValidate
    >
      <p className="rk-elicitation-message" id={`${baseId}-msg`}>
        {request.message}
      </p>
      {request.mode === 'url' && (
        <p className="rk-elicitation-url">
          <code>{request.url}</code>{' '}
          {onOpenUrl && (
            <button type="button" onClick={() => onOpenUrl(request.url)}>
              Open
            </button>
          )}
        </p>
      )}
      {fields.map((field, i) => {
        const id = `${baseId}-f${i}`
        const label = (
          <label htmlFor={id}>
            {field.title ?? field.name}
            <span className="rk-field-hint">{field.required ? ' (required)' : ' (optional)'}</span>
          </label>
        )
        const control = (
          <FieldControl
            field={field}
            id={id}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
            onChange={(v) => setValues((prev) => ({ ...prev, [field.name]: v }))}
          />
        )
        // A checkbox sits before its label on one line, as people expect one to.
        const head: ReactNode =
          field.type === 'boolean' ? (
            <span className="rk-field-check">
              {control}
              {label}
            </span>
          ) : (
            <>
              {label}
              {control}
            </>
          )
        return (
          <div
            className="rk-field"
            key={field.name}
            data-type={field.type}
            data-required={field.required || undefined}
          >
            {head}
            {field.description && (
              <p className="rk-field-description" id={`${id}-desc`}>
                {field.description}
              </p>
            )}
            {errors[field.name] && (
              <p className="rk-field-error" id={`${id}-err`}>
                {errors[field.name]}
              </p>
            )}
          </div>
        )
      })}
      <div className="rk-elicitation-actions">
        <button type="submit">{request.mode === 'url' ? 'Done' : 'Submit'}</button>
        <button type="button" onClick={() => onAnswer({ action: 'decline' })}>
          {inputRefusalWords.decline.button}
        </button>
        <button type="button" onClick={() => onAnswer({ action: 'cancel' })}>
          {inputRefusalWords.cancel.button}
        </button>
      </div>
    </form>
  )
})
