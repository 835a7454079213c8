// The sentence a server's status says, the same in the picker's status row and the @
// popup's unavailable servers.
import { describeConnectionFailure } from '@resource-kit/client'
import type { PickerSource } from './sourceTypes.ts'

const MAX_ERROR_TEXT = 200

/** The server's display name. */
export function serverLabel(source: PickerSource): string {
  return source.serverName ?? source.serverId
}

/** The sentence a server's status row says (also its accessible name). */
export function statusText(source: PickerSource): string | undefined {
  const name = serverLabel(source)
  const why = source.error && reasonOf(source.error)
  switch (source.status) {
    case 'connecting':
      return `Connecting to ${name}…`
    case 'reconnecting':
      return `${name} is not answering, reconnecting…${why ? ` (${why})` : ''}`
    case 'offline':
      return `${name} is offline: not answering, trying again${why ? ` (${why})` : ''}`
    case 'loading':
      return 'Loading resources…'
    case 'needs-auth':
      if (source.signingIn) return `Signing in to ${name}…`
      if (source.signIn) return `Sign in to ${name}`
      return `${name} needs sign-in${why ? `: ${why}` : ''}`
    case 'needs-input':
      return `${name} needs input${why ? `: ${why}` : ''}`
    case 'error':
      return `Failed to load ${name}${why ? `: ${why}` : ''}`
    case 'empty':
      return 'No resources'
    case 'ready':
      return undefined
  }
}

// A connection failure in plain words (describeConnectionFailure); any other error as it says.
function reasonOf(error: Error): string {
  const failure = describeConnectionFailure(error)
  return failure.cause === 'unknown' ? error.message.slice(0, MAX_ERROR_TEXT) : failure.summary
}
