// Follow one server's subscriptions from a component: opens a Watch on mount, retargets
// it when the URIs change, closes it on unmount. The client invalidates its cache on
// events; `onEvent` lets the UI react too (e.g. mark rows as updated).
import type { WatchEvent, WatchSnapshot, WatchTarget } from '@resource-kit/client'
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useResourceClient } from './ResourceKitProvider.tsx'

export interface UseWatchOptions {
  /** Called for every event (`updated`, `listChanged`, `resynced`). */
  onEvent?: (event: WatchEvent) => void
  /** Open the watch only when true. @default true */
  enabled?: boolean
}

const noSubscribe = () => () => {}
const noSnapshot = () => undefined

/** Watches `target` on a server; returns the watch's status snapshot (undefined when off). */
export function useWatch(
  serverId: string | undefined,
  target: WatchTarget,
  options: UseWatchOptions = {},
): WatchSnapshot | undefined {
  const client = useResourceClient()
  const enabled = options.enabled ?? true
  const onEvent = useRef(options.onEvent)
  onEvent.current = options.onEvent
  const targetKey = JSON.stringify([target.uris ?? [], target.listChanged ?? false])
  const targetRef = useRef(target)
  targetRef.current = target
  const [watch, setWatch] = useState<ReturnType<typeof client.watch> | null>(null)

  useEffect(() => {
    if (!serverId || !enabled) return
    const w = client.watch(serverId, targetRef.current)
    const off = w.onEvent((event) => onEvent.current?.(event))
    setWatch(w)
    return () => {
      off()
      void w.close()
      setWatch(null)
    }
  }, [client, serverId, enabled])

  const opened = useRef<{ watch: unknown; key: string } | null>(null)
  useEffect(() => {
    if (!watch) return
    // The first target was passed to watch(); later ones retarget the same stream.
    if (opened.current?.watch === watch && opened.current.key !== targetKey) {
      watch.update(targetRef.current)
    }
    opened.current = { watch, key: targetKey }
  }, [watch, targetKey])

  const subscribe = useCallback(
    (listener: () => void) => (watch ? watch.subscribe(listener) : noSubscribe()),
    [watch],
  )
  const get = useCallback(() => (watch ? watch.getSnapshot() : noSnapshot()), [watch])
  return useSyncExternalStore(subscribe, get, get)
}
