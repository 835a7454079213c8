// What a server's card says, in one sentence: its state in plain words, or, when live, its
// count as the picker's server rows word it (no number while pages arrive).
import type { ConnectionFailure, ServerSnapshot } from '@resource-kit/client'
import { countResources, isSourceBusy, resourceCountText } from '../shared/resourceCount.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import type { ServerState } from './serverState.ts'

export interface ServerStatusFacts {
  state: ServerState
  /** The failure in plain words (error, offline, needs sign-in without a sign-in page). */
  failure?: ConnectionFailure | undefined
}

/** The card's status sentence. */
export function serverStatusText(
  server: ServerSnapshot,
  source: PickerSource | undefined,
  { state, failure }: ServerStatusFacts,
): string {
  const auth = server.auth
  switch (state) {
    case 'connecting':
      return 'Connecting…'
    case 'reconnecting':
      // Not "2,000 resources" in green: the count is what was listed before it went away.
      return 'Not answering, reconnecting…'
    case 'offline':
      return `Offline: ${sentence(failure?.summary ?? 'not answering')} Trying again on its own.`
    case 'closed':
      return 'Disconnected'
    case 'needs-sign-in': {
      if (auth?.phase === 'signing-in') return 'Signing in… finish in the sign-in window.'
      const where = hostOf(auth?.authorizationServer)
      if (auth?.needsAuthorization)
        return `Sign in to see its resources${where ? ` (you sign in at ${where})` : ''}.`
      return failure?.summary ?? 'Needs sign-in.'
    }
    case 'error':
      return failure?.summary ?? 'Could not connect.'
    case 'live':
      break
  }
  if (!source) return 'Connected'
  if (source.status === 'error')
    return `Listing failed: ${source.error?.message.slice(0, 200) ?? 'unknown error'}`
  if (source.status === 'empty') return 'No resources'
  if (source.status !== 'ready' || isSourceBusy(source)) return 'Loading resources…'
  return resourceCountText(countResources([source]))
}

/** Whether the card's failure should be described (and maybe probed). */
export function describesFailure(state: ServerState): boolean {
  return state === 'error' || state === 'offline' || state === 'needs-sign-in'
}

/** The text as a sentence: a full stop unless it ends in one (or in `?`, `!`). */
function sentence(text: string): string {
  return /[.?!]$/.test(text) ? text : `${text}.`
}

function hostOf(origin: string | undefined): string | undefined {
  if (!origin) return undefined
  try {
    return new URL(origin).host
  } catch {
    return undefined
  }
}
