// Asking a person, on a terminal, for the fields of an elicitation form (or to open a URL).
// Questions go to stderr so stdout stays the command's output. Everything the server wrote
// (message, titles, descriptions, choices, the URL) is sanitized before it is shown.
import { createInterface } from 'node:readline/promises'
import type { ElicitationAnswer, ElicitationRequest, FormField } from '@resource-kit/client'
import { describeField, type FieldValue, parseFieldValue } from './formValues.ts'
import type { Styles } from './output.ts'
import { sanitizeLine } from './sanitize.ts'

export interface PromptOptions {
  input: NodeJS.ReadableStream
  output: NodeJS.WritableStream
  style: Styles
  /** Who asks, for the heading: `server "x" needs input to read URI`. */
  heading: string
  /** Answers already given with --input: these fields are not asked. */
  prefilled?: Record<string, FieldValue>
  signal?: AbortSignal
}

/** Thrown when the input closes (Ctrl-D) before the form is done: the answer is `cancel`. */
class InputClosed extends Error {}

/** Asks for one elicitation on a terminal; resolves with accept, decline (n), or cancel (Ctrl-D / Ctrl-C). */
export async function promptElicitation(
  request: ElicitationRequest,
  options: PromptOptions,
): Promise<ElicitationAnswer> {
  const { style, output } = options
  const rl = createInterface({
    input: options.input,
    output,
    terminal: (options.input as { isTTY?: boolean }).isTTY === true,
  })
  const closed = new Promise<never>((_, reject) => {
    rl.once('close', () => reject(new InputClosed()))
    // Ctrl-C in a readline on a raw terminal arrives as SIGINT on the interface, not the process.
    rl.once('SIGINT', () => rl.close())
  })
  closed.catch(() => {})
  const ask = (query: string) =>
    Promise.race([
      rl.question(query, { signal: options.signal ?? new AbortController().signal }),
      closed,
    ])
  const say = (text: string) => output.write(`${text}\n`)

  try {
    say(`${style.cyan('?')} ${style.bold(sanitizeLine(options.heading))}`)
    for (const line of request.message.split('\n')) say(`  ${sanitizeLine(line)}`)
    if (request.mode === 'url') {
      say(`  ${style.bold('Open:')} ${sanitizeLine(request.url)}`)
      const reply = (await ask('  Continue once done? [Y/n] ')).trim().toLowerCase()
      return reply === 'n' || reply === 'no' ? { action: 'decline' } : { action: 'accept' }
    }
    const start = (await ask("  Answer? [Y/n] (n: don't share, Ctrl-D: cancel the request) "))
      .trim()
      .toLowerCase()
    if (start === 'n' || start === 'no') return { action: 'decline' }
    const content: Record<string, FieldValue> = {}
    for (const field of request.fields) {
      const given = options.prefilled?.[field.name]
      if (given !== undefined) {
        content[field.name] = given
        continue
      }
      const value = await askField(field, ask, say, style)
      if (value !== undefined) content[field.name] = value
    }
    return { action: 'accept', content }
  } catch (error) {
    if (error instanceof InputClosed || (error as Error).name === 'AbortError') {
      output.write('\n')
      return { action: 'cancel' }
    }
    throw error
  } finally {
    rl.close()
  }
}

async function askField(
  field: FormField,
  ask: (query: string) => Promise<string>,
  say: (text: string) => void,
  style: Styles,
): Promise<FieldValue | undefined> {
  const label = sanitizeLine(field.title ?? field.name)
  if (field.description) say(`  ${style.dim(sanitizeLine(field.description))}`)
  if (field.options) {
    field.options.forEach((option, index) => {
      say(
        `    ${index + 1}) ${sanitizeLine(option.label)}${option.label === option.value ? '' : style.dim(` (${sanitizeLine(option.value)})`)}`,
      )
    })
  }
  const fallback =
    field.default === undefined ? '' : ` [${sanitizeLine(formatDefault(field.default))}]`
  const marker = field.required ? '' : style.dim(' (optional)')
  for (;;) {
    const reply = await ask(
      `  ${style.bold(label)}${marker} ${style.dim(`(${describeField(field)})`)}${fallback}: `,
    )
    if (reply.trim() === '') {
      if (field.default !== undefined) return field.default
      if (!field.required) return undefined
      say(`  ${style.red('required')}`)
      continue
    }
    const parsed = parseFieldValue(field, reply)
    if (parsed.ok) return parsed.value
    say(`  ${style.red(sanitizeLine(parsed.message))}`)
  }
}

function formatDefault(value: FieldValue): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  return Array.isArray(value) ? value.join(', ') : String(value)
}
