// BEHAVIOUR: the resources mentioned in a draft or message, each watched on its server.
// When the server says one changed (`updated`), it gets an "updated" mark; the client has
// already invalidated its cached read, so the next read fetches the fresh content. When the
// server's list (the `sources` given) stops listing one, it is "removed" instead: sending
// it would fail, and the user should know before.
import type { Watch, WatchStatus } from '@resource-kit/client'
import { useEffect, useMemo, useRef, useState } from 'react'
import { changesBaseline, resourceChanges } from '../picker/resourceChanges.ts'
import { useResourceClient } from '../queries/ResourceKitProvider.tsx'
import { resourceKey } from '../shared/ids.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import type { MentionRef } from './mentionToken.ts'

/** One mentioned resource, as an attachment. */
export interface MentionAttachment extends MentionRef {
  /** `serverId` + NUL + `uri`: the same URI on two servers is two attachments. */
  key: string
  /** The server reported a change since it was attached (or since `clearUpdated`). */
  updated: boolean
  /** The server no longer lists it (seen in `sources`); never `updated` at the same time. */
  removed: boolean
  /** How its server's watch is doing (`unsupported`: no live updates from that server). */
  watch: WatchStatus | 'off'
}

export interface UseMentionAttachmentsOptions {
  /** Watch the attachments' servers. @default true */
  watch?: boolean
  /** The servers' lists (e.g. `useResourceSources()`): a resource they stop listing is removed. */
  sources?: readonly PickerSource[] | undefined
}

const noSources: readonly PickerSource[] = []

// Keys the sources stopped listing since mount (a key listed again is dropped).
function useRemovedKeys(sources: readonly PickerSource[]): ReadonlySet<string> {
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set())
  const prev = useRef(sources)
  useEffect(() => {
    const changes = resourceChanges(prev.current, sources)
    prev.current = changesBaseline(prev.current, sources)
    if (changes.added.length + changes.removed.length === 0) return
    setRemoved((current) => {
      const next = new Set(current)
      for (const key of changes.added) next.delete(key)
      for (const key of changes.removed) next.add(key)
      return next
    })
  }, [sources])
  return removed
}

export interface MentionAttachmentsResult {
  /** Unique by server and URI, in order of first mention. */
  attachments: MentionAttachment[]
  /** Drop the updated mark of one attachment, or of all. */
  clearUpdated(key?: string): void
}

export function attachmentKey(mention: Pick<MentionRef, 'serverId' | 'uri'>): string {
  return resourceKey(mention.serverId, mention.uri)
}

/** Watches every mentioned resource and marks the ones that changed. */
export function useMentionAttachments(
  mentions: readonly MentionRef[],
  options: UseMentionAttachmentsOptions = {},
): MentionAttachmentsResult {
  const client = useResourceClient()
  const enabled = options.watch ?? true
  const unique = useMemo(() => {
    const byKey = new Map<string, MentionRef>()
    for (const m of mentions) if (!byKey.has(attachmentKey(m))) byKey.set(attachmentKey(m), m)
    return byKey
  }, [mentions])
  // Servers and their URIs, as a stable string: the effect runs only when the set changes.
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

  const removed = useRemovedKeys(options.sources ?? noSources)
  const [updated, setUpdated] = useState<ReadonlySet<string>>(() => new Set())
  const [statuses, setStatuses] = useState<Readonly<Record<string, WatchStatus>>>({})
  const watches = useRef(new Map<string, { watch: Watch; uris: Set<string>; off: () => void }>())

  useEffect(() => {
    const wanted = new Map<string, string[]>(enabled ? JSON.parse(targets) : [])
    const open = watches.current
    for (const [serverId, entry] of open) {
      if (wanted.has(serverId)) continue
      entry.off()
      void entry.watch.close()
      open.delete(serverId)
      setStatuses(({ [serverId]: _, ...rest }) => rest)
    }
    for (const [serverId, uris] of wanted) {
      const existing = open.get(serverId)
      if (existing) {
        existing.uris = new Set(uris)
        existing.watch.update({ uris })
        continue
      }
      let watch: Watch
      try {
        watch = client.watch(serverId, { uris })
      } catch {
        continue // An unknown server: its attachments just are not live.
      }
      const entry = { watch, uris: new Set(uris), off: () => {} }
      const report = () => {
        const status = watch.getSnapshot().status
        setStatuses((s) => (s[serverId] === status ? s : { ...s, [serverId]: status }))
      }
      const offStatus = watch.subscribe(report)
      const offEvent = watch.onEvent((event) => {
        if (event.type !== 'updated' || !entry.uris.has(event.uri)) return
        const key = attachmentKey({ serverId, uri: event.uri })
        setUpdated((s) => (s.has(key) ? s : new Set(s).add(key)))
      })
      entry.off = () => {
        offStatus()
        offEvent()
      }
      open.set(serverId, entry)
      report()
    }
  }, [client, targets, enabled])

  useEffect(() => {
    const open = watches.current
    return () => {
      for (const entry of open.values()) {
        entry.off()
        void entry.watch.close()
      }
      open.clear()
    }
  }, [])

  const attachments = useMemo(
    () =>
      [...unique.entries()].map(([key, m]) => ({
        ...m,
        key,
        updated: updated.has(key) && !removed.has(key),
        removed: removed.has(key),
        watch: enabled ? (statuses[m.serverId] ?? 'connecting') : ('off' as const),
      })),
    [unique, updated, removed, statuses, enabled],
  )
  return {
    attachments,
    clearUpdated: (key?: string) =>
      setUpdated((s) => {
        if (key === undefined) return s.size ? new Set() : s
        if (!s.has(key)) return s
        const next = new Set(s)
        next.delete(key)
        return next
      }),
  }
}
