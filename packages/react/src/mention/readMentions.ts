// Reading what a message mentions when it is sent: every resource through the client, so
// a cached read that is still fresh (its TTL) is used and a stale one is fetched again.
import type { ReadResult, ResourceClient } from '@resource-kit/client'
import { resourceKey } from '../shared/ids.ts'
import type { MentionRef } from './mentionToken.ts'

/** One mention and what reading it gave. */
export type MentionRead =
  | { mention: MentionRef; status: 'read'; result: ReadResult }
  | { mention: MentionRef; status: 'error'; error: Error }

export interface ReadMentionsOptions {
  signal?: AbortSignal
  /** Reject contents larger than this (decoded bytes). */
  maxBytes?: number
}

/** Reads each mention (duplicates once), never failing as a whole: errors are per mention. */
export async function readMentions(
  client: ResourceClient,
  mentions: readonly MentionRef[],
  options: ReadMentionsOptions = {},
): Promise<MentionRead[]> {
  const seen = new Set<string>()
  const unique = mentions.filter((m) => {
    const key = resourceKey(m.serverId, m.uri)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  return Promise.all(
    unique.map(async (mention): Promise<MentionRead> => {
      try {
        const result = await client.read(mention.serverId, mention.uri, {
          signal: options.signal,
          maxBytes: options.maxBytes,
        })
        return { mention, status: 'read', result }
      } catch (error) {
        options.signal?.throwIfAborted()
        return {
          mention,
          status: 'error',
          error: error instanceof Error ? error : new Error(String(error)),
        }
      }
    }),
  )
}
