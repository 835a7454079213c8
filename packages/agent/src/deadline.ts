// One tool call's deadline: a server that never answers costs the model a `timed_out`
// result after `timeoutMs`, not the SDK's 60 s. The call's signal is aborted at the
// deadline (so the read or list in flight is cancelled and reported with its server and
// URI); a backstop resolves the call shortly after, even if something ignored the signal.
import { type ToolNames, toolFailure } from './toolError.ts'
import type { ToolDefinition, ToolResult } from './types.ts'

/** @default for `ResourceToolsOptions.timeoutMs` */
export const DEFAULT_TIMEOUT_MS = 15_000

/** Time the tool's own failure gets to arrive after the deadline before the backstop answers. */
const BACKSTOP_GRACE_MS = 250

/** Thrown (as the abort reason) when a call's deadline passes. */
export class DeadlineError extends Error {
  override readonly name = 'TimeoutError'
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${describeMs(timeoutMs)}`)
  }
}

/**
 * `tool` with a deadline per call: `call.timeoutMs`, else `defaultMs` (0 or Infinity: none).
 * With `ownDeadline`, the tool gets the caller's signal and `timeoutMs` and keeps what it
 * can by then itself (the search keeps the servers that answered).
 */
export function withDeadline(
  tool: ToolDefinition,
  defaultMs: number,
  names: ToolNames,
  ownDeadline = false,
): ToolDefinition {
  return {
    ...tool,
    execute(input, call = {}) {
      const ms = call.timeoutMs ?? defaultMs
      const caller = call.signal ? { signal: call.signal } : {}
      if (!Number.isFinite(ms) || ms <= 0) return tool.execute(input, caller)
      const deadline = new AbortController()
      const signal = call.signal ? AbortSignal.any([call.signal, deadline.signal]) : deadline.signal
      const timers: ReturnType<typeof setTimeout>[] = []
      const backstop = new Promise<ToolResult>((resolve) => {
        timers.push(
          setTimeout(() => {
            const error = new DeadlineError(ms)
            if (!ownDeadline) deadline.abort(error)
            timers.push(
              setTimeout(
                () => resolve(toolFailure(error, { tools: names })),
                ownDeadline ? 4 * BACKSTOP_GRACE_MS : BACKSTOP_GRACE_MS,
              ),
            )
          }, ms),
        )
      })
      const running = tool.execute(
        input,
        ownDeadline ? { ...caller, timeoutMs: ms } : { signal, timeoutMs: ms },
      )
      return Promise.race([running, backstop]).finally(() => {
        for (const timer of timers) clearTimeout(timer)
      })
    },
  }
}

export function describeMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`
}
