// A stdio server that writes lines that are not MCP to its stdout (a banner, logs, or it is
// not an MCP server at all) and never answers: the SDK skips such lines silently, so the
// connect would wait its full timeout (twice, with the version probe) and fail with no hint
// why. The guard reads the same bytes: once a line that is not JSON-RPC arrived and no
// JSON-RPC message followed within `graceMs`, it reports the server as not speaking MCP on
// stdout. A server that answered once is never judged again (the SDK tolerates a stray log).

import { ConnectionError } from './errors.ts'
import { defaultScheduler, type Timers } from './scheduler.ts'

/** Time a server that wrote a stray line gets to answer after it. */
export const STDOUT_GRACE_MS = 3000

/** Characters of the first stray line quoted in the error. */
const SAMPLE_CHARS = 80

export interface StdoutGuard {
  /** Every chunk the server wrote to stdout. */
  data(chunk: Uint8Array | string): void
  stop(): void
}

export function createStdoutGuard(options: {
  command: string
  onNotMcp: (error: ConnectionError) => void
  graceMs?: number
  timers?: Timers
}): StdoutGuard {
  const timers = options.timers ?? defaultScheduler
  const decoder = new TextDecoder()
  let partial = ''
  let answered = false
  let stray = 0
  let sample: string | undefined
  let timer: unknown

  const judge = () => {
    timer = undefined
    if (answered) return
    options.onNotMcp(
      new ConnectionError(
        `"${options.command}" wrote ${stray} line${stray === 1 ? '' : 's'} to stdout that ${stray === 1 ? 'is' : 'are'} not MCP (first: "${sample}") and did not answer: a stdio MCP server must write only JSON-RPC messages to stdout (logs belong on stderr). Check that the command starts an MCP server over stdio.`,
      ),
    )
  }

  const line = (text: string) => {
    const trimmed = text.trim()
    if (trimmed === '') return
    if (isJsonRpc(trimmed)) {
      answered = true
      if (timer !== undefined) timers.clearTimeout(timer)
      timer = undefined
      return
    }
    stray += 1
    if (sample === undefined) sample = printable(trimmed)
    if (timer === undefined && stray === 1)
      timer = timers.setTimeout(judge, options.graceMs ?? STDOUT_GRACE_MS)
  }

  return {
    data(chunk) {
      if (answered) return
      partial += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true })
      let end = partial.indexOf('\n')
      while (end !== -1 && !answered) {
        line(partial.slice(0, end))
        partial = partial.slice(end + 1)
        end = partial.indexOf('\n')
      }
      // A server streaming one endless line is judged by its start.
      if (partial.length > 64 * 1024) partial = partial.slice(0, SAMPLE_CHARS)
    },
    stop() {
      answered = true
      if (timer !== undefined) timers.clearTimeout(timer)
      timer = undefined
    },
  }
}

function isJsonRpc(text: string): boolean {
  if (!text.startsWith('{')) return false
  try {
    const value = JSON.parse(text) as { jsonrpc?: unknown }
    return value?.jsonrpc === '2.0'
  } catch {
    return false
  }
}

/** The line as shown in a message: control characters dropped, cut short. */
function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping them is the point
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f"]/g, '')
  return clean.length > SAMPLE_CHARS ? `${clean.slice(0, SAMPLE_CHARS)}…` : clean
}
