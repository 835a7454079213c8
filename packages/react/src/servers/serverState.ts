// One word for how a server is doing, from the client's status (the one owner of "is this
// server reachable"): the server list, the chips, the rows and Send all read this, so none
// says "live" while another says "down".
import type { ServerSnapshot } from '@resource-kit/client'

/** How a server is doing, as a person reads it. */
export type ServerState =
  | 'connecting'
  | 'live'
  /** It stopped answering and a new session is opening. */
  | 'reconnecting'
  /** Nothing answers; the client tries again on its own (backoff). */
  | 'offline'
  | 'needs-sign-in'
  | 'error'
  | 'closed'

/** The state of a server snapshot (undefined: the client does not have it: `closed`). */
export function serverStateOf(server: Pick<ServerSnapshot, 'status'> | undefined): ServerState {
  const status = server?.status ?? 'closed'
  if (status === 'ready') return 'live'
  if (status === 'needs-auth') return 'needs-sign-in'
  return status
}

/** A server whose resources cannot be read now (what it listed is last known). */
export function isServerDown(state: ServerState): boolean {
  return state === 'reconnecting' || state === 'offline' || state === 'error' || state === 'closed'
}

/** A short word for a state (chips, badges). */
export const SERVER_STATE_TEXT: Readonly<Record<ServerState, string>> = {
  connecting: 'connecting',
  live: 'live',
  reconnecting: 'server down, reconnecting',
  offline: 'server down',
  'needs-sign-in': 'needs sign-in',
  error: 'server down',
  closed: 'server removed',
}
