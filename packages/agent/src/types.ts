// TYPES of the agent tools: the framework-neutral tool definition, and what every tool
// result carries. Results are plain JSON (a model reads them as text), never class instances.

/** A JSON Schema object (draft 2020-12 subset: what model APIs accept for tool inputs). */
export type JsonSchema = { [key: string]: unknown }

/** One tool a model can call, in no framework's shape (map it with `toAiSdkTools`, `toOpenAiTools`, …). */
export interface ToolDefinition<Input = Record<string, unknown>, Output = ToolResult> {
  /** Unique name, `[a-zA-Z0-9_-]{1,64}` (what every model API accepts). */
  name: string
  /** What the tool does and when to call it, written for the model. */
  description: string
  /** JSON Schema of the input object. */
  inputSchema: JsonSchema
  /**
   * Runs the tool. Never rejects: every failure resolves as `{ ok: false, error }`, so an
   * agent's turn goes on and the model can act on it. Input is checked (models send anything).
   */
  execute(input: Input, options?: ToolCallOptions): Promise<Output>
}

/** What the host may give one call. */
export interface ToolCallOptions {
  signal?: AbortSignal
  /**
   * The call's deadline: past it, it resolves with a `timed_out` result (a search keeps
   * the servers that answered). @default the tool set's `timeoutMs`
   */
  timeoutMs?: number
}

/** Where a result came from, so the model can cite it and know whether it is current. */
export interface Source {
  server: string
  uri: string
  /** The resource's `annotations.lastModified` (ISO 8601), when the server gave one. */
  lastModified?: string
  /** When this content was fetched from the server (ISO 8601). */
  fetchedAt: string
  /** How long the server said it stays fresh (0: re-read it next time). */
  ttlMs: number
  /** True while the content is within its `ttlMs`, or was fetched by this very call. */
  fresh: boolean
}

/** What an error result's `kind` says the model can do. */
export type ToolErrorKind =
  | 'invalid_input'
  | 'unknown_server'
  | 'not_found'
  | 'too_large'
  | 'needs_sign_in'
  | 'input_declined'
  | 'input_required'
  | 'not_supported'
  | 'not_connected'
  | 'server_error'
  | 'timed_out'
  | 'aborted'

export interface ToolError {
  kind: ToolErrorKind
  /** What went wrong, naming the server and URI. */
  message: string
  /** What to do next (another tool, another argument, ask the user). */
  hint: string
  server?: string
  uri?: string
}

export interface ToolFailure {
  ok: false
  error: ToolError
}

/** Every tool resolves with `{ ok: true, … }` or a `ToolFailure`. */
export type ToolResult<T extends object = Record<string, unknown>> =
  | ({ ok: true } & T)
  | ToolFailure
