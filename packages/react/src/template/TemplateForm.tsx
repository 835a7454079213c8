// PARTS: the form a chosen template opens: one field per RFC 6570 variable (with
// completion), a live preview of the expanded URI, and a read on submit that shows
// not-found inline instead of failing silently.
import type { ReadResult } from '@resource-kit/client'
import { expandTemplate } from '@resource-kit/client'
import { useQueryClient } from '@tanstack/react-query'
import {
  type FormEvent,
  type ForwardedRef,
  forwardRef,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import { readOptions } from '../queries/queryOptions.ts'
import { useResourceClient } from '../queries/ResourceKitProvider.tsx'
import { isNotFoundError } from '../shared/isNotFoundError.ts'
import type { ResourceDescriptor } from '../shared/sourceTypes.ts'
import { TemplateField } from './TemplateField.tsx'
import { describeTemplateVariables, type TemplateVariable } from './templateVariables.ts'

export interface TemplateFormProps {
  serverId: string
  uriTemplate: string
  /** The template's display name. */
  title?: string
  /** The template's mimeType, passed on to the descriptor. */
  mimeType?: string
  /** Called after a successful read of the expanded URI. */
  onSubmit?: (descriptor: ResourceDescriptor, result: ReadResult) => void
  onCancel?: () => void
  /** Wait this long after a keystroke before asking for completions. @default 200 */
  debounceMs?: number
  className?: string
}

type Outcome =
  | { state: 'idle' }
  | { state: 'reading'; uri: string }
  | { state: 'not-found'; uri: string }
  | { state: 'error'; message: string }

function lastSegment(uri: string): string {
  const path = uri.split(/[?#]/)[0] ?? uri
  const parts = path.split('/').filter(Boolean)
  return decodeURIComponentSafe(parts[parts.length - 1] ?? uri)
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** The other filled variables by name, for context.arguments. */
function contextFor(
  variables: readonly TemplateVariable[],
  filled: Record<string, string>,
  except: string,
): Record<string, string> {
  const context: [string, string][] = []
  for (const v of variables) {
    const value = filled[v.key]
    if (v.key !== except && value !== undefined) context.push([v.name, value])
  }
  return Object.fromEntries(context)
}

/** A form for a template's variables, with suggestions, a live URI preview and read-on-submit. */
export const TemplateForm = forwardRef(function TemplateForm(
  props: TemplateFormProps,
  ref: ForwardedRef<HTMLFormElement>,
) {
  const { serverId, uriTemplate } = props
  const client = useResourceClient()
  const queryClient = useQueryClient()
  const baseId = useId()
  const variables = useMemo(() => describeTemplateVariables(uriTemplate), [uriTemplate])
  const [values, setValues] = useState<Record<string, string>>({})
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' })
  const inFlight = useRef<AbortController | null>(null)

  const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''))
  const missing = variables.filter((v) => v.required && !filled[v.key])
  let preview = ''
  try {
    preview = expandTemplate(uriTemplate, filled)
  } catch {
    preview = ''
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (missing.length > 0 || !preview) return
    inFlight.current?.abort()
    const controller = new AbortController()
    inFlight.current = controller
    const uri = preview
    setOutcome({ state: 'reading', uri })
    try {
      const result = await queryClient.fetchQuery(readOptions(client, serverId, uri))
      if (controller.signal.aborted) return
      setOutcome({ state: 'idle' })
      props.onSubmit?.(
        {
          serverId,
          uri,
          name: lastSegment(uri),
          mimeType: props.mimeType,
        },
        result,
      )
    } catch (error) {
      if (controller.signal.aborted) return
      setOutcome(
        isNotFoundError(error)
          ? { state: 'not-found', uri }
          : { state: 'error', message: error instanceof Error ? error.message : String(error) },
      )
    }
  }

  return (
    <form
      ref={ref}
      className={props.className ? `rk-template-form ${props.className}` : 'rk-template-form'}
      aria-labelledby={`${baseId}-title`}
      data-state={outcome.state}
      onSubmit={submit}
      noValidate
    >
      <p className="rk-template-title" id={`${baseId}-title`}>
        {props.title ?? uriTemplate}
      </p>
      {variables.map((v, i) => (
        <TemplateField
          key={v.key}
          id={`${baseId}-v${i}`}
          serverId={serverId}
          template={uriTemplate}
          name={v.name}
          required={v.required}
          value={values[v.key] ?? ''}
          onChange={(value) => {
            setValues((prev) => ({ ...prev, [v.key]: value }))
            if (outcome.state !== 'reading') setOutcome({ state: 'idle' })
          }}
          context={contextFor(variables, filled, v.key)}
          debounceMs={props.debounceMs}
        />
      ))}
      <output
        className="rk-template-preview"
        aria-label="Resulting URI"
        htmlFor={variables.map((_, i) => `${baseId}-v${i}`).join(' ')}
      >
        {preview}
      </output>
      {outcome.state === 'not-found' && (
        <p className="rk-field-error" role="alert">
          Not found: {outcome.uri}
        </p>
      )}
      {outcome.state === 'error' && (
        <p className="rk-field-error" role="alert">
          {outcome.message}
        </p>
      )}
      <div className="rk-template-actions">
        {props.onCancel && (
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" disabled={missing.length > 0 || outcome.state === 'reading'}>
          {outcome.state === 'reading' ? 'Reading…' : 'Open'}
        </button>
      </div>
    </form>
  )
})
