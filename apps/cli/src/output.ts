// Where everything the CLI prints goes. Results go to stdout (text, or one JSON document
// with --json, or NDJSON lines for watch); notes, warnings, errors and the progress bar go
// to stderr, so stdout stays clean for a pipe. Colours only on a TTY (NO_COLOR/FORCE_COLOR
// and --color/--no-color override).

/** The part of a stream the CLI uses: Node's process.stdout/stderr or a test double. */
export interface OutputStream {
  write(chunk: string | Uint8Array): boolean
  isTTY?: boolean
  columns?: number
}

export interface Styles {
  bold(text: string): string
  dim(text: string): string
  red(text: string): string
  yellow(text: string): string
  green(text: string): string
  cyan(text: string): string
}

export interface OutputOptions {
  stdout: OutputStream
  stderr: OutputStream
  /** Print JSON instead of text. */
  json: boolean
  /** `--color` (true) / `--no-color` (false); undefined decides from the environment. */
  color?: boolean
  env: Record<string, string | undefined>
}

/** Whether to colour a stream: an explicit flag wins, then NO_COLOR, then FORCE_COLOR, then isTTY. */
export function shouldColor(
  stream: OutputStream,
  env: Record<string, string | undefined>,
  flag?: boolean,
): boolean {
  if (flag !== undefined) return flag
  if (env.NO_COLOR) return false
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false'
  return stream.isTTY === true && env.TERM !== 'dumb'
}

export function createStyles(enabled: boolean): Styles {
  const wrap = (open: number, close: number) => (text: string) =>
    enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text
  return {
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    red: wrap(31, 39),
    yellow: wrap(33, 39),
    green: wrap(32, 39),
    cyan: wrap(36, 39),
  }
}

// JSON.stringify escapes C0 controls but leaves C1 controls, bidi overrides and line
// separators raw; escaping them keeps the document identical in value and safe to view.
const unsafeInJson = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

/** JSON text with every terminal-unsafe character escaped as `\uXXXX`. */
export function safeJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    unsafeInJson,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

export class Output {
  readonly json: boolean
  readonly stdout: OutputStream
  readonly stderr: OutputStream
  /** Styles for stdout. */
  readonly style: Styles
  /** Styles for stderr. */
  readonly errStyle: Styles

  constructor(options: OutputOptions) {
    this.json = options.json
    this.stdout = options.stdout
    this.stderr = options.stderr
    this.style = createStyles(
      !options.json && shouldColor(options.stdout, options.env, options.color),
    )
    this.errStyle = createStyles(shouldColor(options.stderr, options.env, options.color))
  }

  /** True when stdout is a terminal (text shown there is sanitized). */
  get stdoutIsTTY(): boolean {
    return this.stdout.isTTY === true
  }

  /** One line of text on stdout. */
  line(text = ''): void {
    this.stdout.write(`${text}\n`)
  }

  /** Raw text or bytes on stdout. */
  write(chunk: string | Uint8Array): void {
    this.stdout.write(chunk)
  }

  /** The one JSON document of a command, pretty-printed. */
  document(value: unknown): void {
    this.stdout.write(`${safeJson(value, 2)}\n`)
  }

  /** One NDJSON line (watch). */
  record(value: unknown): void {
    this.stdout.write(`${safeJson(value)}\n`)
  }

  /** A side remark for people, on stderr (how to continue, what was skipped). */
  note(text: string): void {
    this.stderr.write(`${this.errStyle.dim(text)}\n`)
  }

  warn(text: string): void {
    this.stderr.write(`${this.errStyle.yellow('warning:')} ${text}\n`)
  }

  error(text: string): void {
    this.stderr.write(`${this.errStyle.red('error:')} ${text}\n`)
  }
}
