// The host-supplied input handler: how a read that needs input (modern
// `input_required`, legacy `elicitation/create`) reaches a person. Designed for a UI:
// it receives a plain description of what is asked and resolves with the answer.

/** One field of an elicitation form, flattened from the requested JSON schema. */
export interface FormField {
  name: string
  type: 'string' | 'number' | 'integer' | 'boolean'
  title?: string
  description?: string
  required: boolean
  /** Allowed values (a `string` with `enum`/`oneOf`). */
  options?: { value: string; label: string }[]
  /** Multi-select (an array of enum strings). */
  multiple?: boolean
  default?: string | number | boolean | string[]
  format?: string
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
}

export type ElicitationRequest =
  | {
      mode: 'form'
      message: string
      fields: FormField[]
      /** The requested schema exactly as the server sent it. */
      schema: Record<string, unknown>
    }
  | { mode: 'url'; message: string; url: string }

export type ElicitationAnswer =
  | { action: 'accept'; content?: Record<string, string | number | boolean | string[]> }
  | { action: 'decline' }
  | { action: 'cancel' }

/** Context the handler gets with each request. */
export interface InputContext {
  serverId: string
  /** The resource being read, when the request came from a read. */
  uri?: string
  signal: AbortSignal
}

/** Answers one elicitation; called once per embedded request, in the server's order. */
export type InputHandler = (
  request: ElicitationRequest,
  context: InputContext,
) => Promise<ElicitationAnswer>
