// What to tell a person when a list walk did not reach the end, and the exit code for it:
// a limit they set is not an error (0), a server error or a cursor loop is (6).
import type { WalkResult } from '@resource-kit/client'
import { ExitCode } from './exitCodes.ts'
import type { Output } from './output.ts'
import { sanitizeLine } from './sanitize.ts'

/** The walk's fields for a --json document. */
export function walkJson(walk: WalkResult<unknown>): Record<string, unknown> {
  return {
    complete: walk.complete,
    pages: walk.pages,
    ...(walk.nextCursor !== undefined && { nextCursor: walk.nextCursor }),
    ...(walk.stoppedBy && { stoppedBy: walk.stoppedBy }),
    ...(walk.error && { error: walk.error.message }),
  }
}

/** Prints why an incomplete walk stopped (stderr) and returns the exit code. */
export function reportWalk(
  out: Output,
  walk: WalkResult<unknown>,
  label: string,
  serverId: string,
): number {
  if (walk.complete) return ExitCode.ok
  const fetched = `${walk.items.length} ${label} from ${walk.pages} page${walk.pages === 1 ? '' : 's'}`
  const resume =
    walk.nextCursor === undefined ? '' : `; continue with --cursor ${shellQuote(walk.nextCursor)}`
  switch (walk.stoppedBy) {
    case 'maxPages':
      out.warn(`incomplete: stopped at the page limit (--max-pages) after ${fetched}${resume}`)
      return ExitCode.ok
    case 'maxItems':
      out.warn(`incomplete: stopped at --max-items after ${fetched}${resume}`)
      return ExitCode.ok
    case 'cycle':
      out.warn(
        `incomplete: server "${sanitizeLine(serverId)}" returned a cursor it had already returned (the list loops); showing ${fetched}`,
      )
      return ExitCode.incomplete
    default:
      out.warn(
        `incomplete: server "${sanitizeLine(serverId)}" failed after ${fetched}: ${sanitizeLine(walk.error?.message ?? 'unknown error')}${resume}`,
      )
      return ExitCode.incomplete
  }
}

/** A cursor (untrusted, any characters) quoted for a POSIX shell and made terminal-safe. */
export function shellQuote(value: string): string {
  const safe = sanitizeLine(value)
  return /^[A-Za-z0-9_./:=+-]+$/.test(safe) ? safe : `'${safe.replace(/'/g, `'\\''`)}'`
}
