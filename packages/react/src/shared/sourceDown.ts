// Whether a source's server is down (the client's state, through the source: see
// servers/serverState.ts `isServerDown`): its rows are last known, not live. The row
// builders (picker rows, @ options) read it once per server, so every part marks the same
// rows and the marks go when the server is back.
import type { PickerSource } from './sourceTypes.ts'

/** What a down server's rows say to a screen reader (the row is dimmed on screen). */
export const SERVER_DOWN_TEXT = 'server not answering'

/**
 * The source's server stopped answering (`reconnecting`, `offline`) or failed (`serverDown`:
 * an `error` or `closed` server; a list that failed on a live server is not down).
 */
export function isSourceDown(source: Pick<PickerSource, 'status' | 'serverDown'>): boolean {
  return (
    source.serverDown === true || source.status === 'reconnecting' || source.status === 'offline'
  )
}

/**
 * What a row or option of the source spreads in: `{ serverDown: true }` while its server is
 * down, nothing while it is live (or unknown). Every builder of resource and template rows
 * (picker tree, list and hits; @ options) takes it from here.
 */
export function serverDownMark(source: PickerSource | undefined): { serverDown?: true } {
  return source && isSourceDown(source) ? { serverDown: true } : {}
}
