// BEHAVIOUR: the resources mentioned in a draft or message, as attachments. Each is followed
// through its server's one watch in the client's LiveResources, and shows that resource's
// one change state: "updated" when the server says it changed, "removed" when the server no
// longer has it — the same mark its picker row and its preview show. A mark clears when the
// person chooses the resource again (picks, mentions or sends it).
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { useLiveResources } from '../live/LiveResourcesContext.ts'
import type { LiveResources, LiveStatus } from '../live/liveResources.ts'
import { resourceKey } from '../shared/ids.ts'
import type { MentionRef } from './mentionToken.ts'

/** One mentioned resource, as an attachment. */
export interface MentionAttachment extends MentionRef {
  /** `resourceKey(serverId, uri)`: the same URI on two servers is two attachments. */
  key: string
  /** The server reported a change since the person last chose it. */
  updated: boolean
  /** The server no longer has it; never `updated` at the same time. */
  removed: boolean
  /** How its server's watch is doing for it (`unsupported`: no live updates; `off`: not followed). */
  watch: LiveStatus
}

export interface UseMentionAttachmentsOptions {
  /** Follow the attachments on their servers. @default true */
  watch?: boolean
}

export interface MentionAttachmentsResult {
  /** Unique by server and URI, in order of first mention. */
  attachments: MentionAttachment[]
  /** The person has seen them as they are (e.g. sent): drops the mark of one attachment, or of all. */
  clearUpdated(key?: string): void
}

export function attachmentKey(mention: Pick<MentionRef, 'serverId' | 'uri'>): string {
  return resourceKey(mention.serverId, mention.uri)
}

const noSubscribe = () => () => {}
const noVersion = () => 0

/** Follows every mentioned resource and shows its change mark. */
export function useMentionAttachments(
  mentions: readonly MentionRef[],
  options: UseMentionAttachmentsOptions = {},
): MentionAttachmentsResult {
  const live = useLiveResources()
  const enabled = options.watch ?? true
  const unique = useMemo(() => {
    const byKey = new Map<string, MentionRef>()
    for (const m of mentions) if (!byKey.has(attachmentKey(m))) byKey.set(attachmentKey(m), m)
    return byKey
  }, [mentions])
  // Servers and their URIs, as a stable string: the follows change only when the set does.
  const targets = useMemo(() => {
    const byServer = new Map<string, string[]>()
    for (const m of unique.values()) {
      const uris = byServer.get(m.serverId)
      if (uris) uris.push(m.uri)
      else byServer.set(m.serverId, [m.uri])
    }
    for (const uris of byServer.values()) uris.sort()
    return JSON.stringify([...byServer].sort(([a], [b]) => (a < b ? -1 : 1)))
  }, [unique])
  useEffect(() => {
    if (!live || !enabled) return
    const wanted = new Map<string, string[]>(JSON.parse(targets))
    const follows = [...wanted].map(([serverId, uris]) => live.follow(serverId, { uris }))
    return () => {
      for (const follow of follows) follow.release()
    }
  }, [live, targets, enabled])

  const version = useSyncExternalStore(
    live?.subscribe ?? noSubscribe,
    live?.getVersion ?? noVersion,
    live?.getVersion ?? noVersion,
  )
  const attachments = useMemo(() => {
    void version
    return [...unique.entries()].map(([key, m]) => attachmentOf(live, key, m, enabled))
  }, [unique, live, enabled, version])
  return {
    attachments,
    clearUpdated: (key?: string) => {
      for (const [k, m] of unique)
        if (key === undefined || k === key) live?.acknowledge(m.serverId, m.uri)
    },
  }
}

function attachmentOf(
  live: LiveResources | null,
  key: string,
  m: MentionRef,
  enabled: boolean,
): MentionAttachment {
  const change = live?.changeOf(m.serverId, m.uri)
  return {
    ...m,
    key,
    updated: change === 'updated',
    removed: change === 'removed',
    watch: enabled && live ? live.liveStatus(m.serverId, m.uri) : 'off',
  }
}
