// BEHAVIOUR: the draft's attachments with what each costs before Send. Each listed
// resource is read through the client's one cache entry (the preview shares it; Send reads
// it fresh from there) and measured with `measureContents`, the one measure the preview and
// the sent message use too. Each carries its server's state: a chip says "server down", and
// Send can warn, before anything is sent to a server that cannot answer.
import type { ReadResult } from '@resource-kit/client'
import { useQueries } from '@tanstack/react-query'
import { formatBytes } from '../collection/formatBytes.ts'
import { useLiveResources } from '../live/LiveResourcesContext.ts'
import type { ResourceChange } from '../live/liveResources.ts'
import type { MentionRef } from '../mention/mentionToken.ts'
import {
  type MentionAttachment,
  type MentionAttachmentsResult,
  type UseMentionAttachmentsOptions,
  useMentionAttachments,
} from '../mention/useMentionAttachments.ts'
import { type ContextSize, measureContents, sumContextSizes } from '../preview/contextSize.ts'
import { readOptions } from '../queries/queryOptions.ts'
import { isServerDown, type ServerState } from '../servers/serverState.ts'
import { useServerStates } from '../servers/useServerState.ts'
import { useListedKeys } from './useListedKeys.ts'

/** Where an attachment's size stands. */
export type AttachmentSizing =
  /** Being read. */
  | 'reading'
  /** `size` is what a send would read now. */
  | 'sized'
  /** Not listed (a template's URI): read on Send, where it may ask for input first. */
  | 'on-send'
  /** The read failed (`sizeError` says why); its server may be down or the resource gone. */
  | 'failed'

/** One attachment, with its change mark, its server's state and its size. */
export interface SizedAttachment extends MentionAttachment {
  /** New, updated or removed since the person last chose it (the one change state). */
  change: ResourceChange | undefined
  /** How its server is doing now. */
  server: ServerState
  /** Its server cannot be read now (reconnecting, offline, failed, removed). */
  serverDown: boolean
  sizing: AttachmentSizing
  /** What it costs (`measureContents` of its contents); kept while its server is down. */
  size?: ContextSize | undefined
  sizeError?: Error | undefined
}

export interface UseSizedAttachmentsOptions extends UseMentionAttachmentsOptions {
  /** Contents larger than this are refused (as Send refuses them). @default 5 MiB */
  maxBytes?: number
}

export interface SizedAttachmentsResult extends Omit<MentionAttachmentsResult, 'attachments'> {
  attachments: SizedAttachment[]
  /** The sum of the sized attachments. */
  total: ContextSize
  /** Every attachment is sized (none reading, none left for Send). */
  complete: boolean
  /** The attachments whose server is down now (Send should warn first). */
  down: SizedAttachment[]
}

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024

const sizeOfRead = (read: ReadResult): ContextSize => measureContents(read.contents)
const noRead = (): never => {
  throw new Error('No such server')
}

/** Follows, marks and sizes every mentioned resource. */
export function useSizedAttachments(
  mentions: readonly MentionRef[],
  options: UseSizedAttachmentsOptions = {},
): SizedAttachmentsResult {
  const base = useMentionAttachments(mentions, options)
  const live = useLiveResources()
  const stateOf = useServerStates()
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  const client = live?.client
  const listed = useListedKeys(
    client,
    JSON.stringify(base.attachments.map((a) => [a.key, a.serverId, a.uri])),
  )
  const reads = useQueries({
    queries: base.attachments.map((a) =>
      // A server the client no longer has: nothing to read (its chip says so).
      client?.getServer(a.serverId)
        ? {
            ...readOptions(client, a.serverId, a.uri),
            // Measured once per read result (React Query keeps `select` by data identity).
            select: sizeOfRead,
            enabled: listed.has(a.key) && !a.removed && !isServerDown(stateOf(a.serverId)),
          }
        : { queryKey: ['resource-kit', 'no-server', a.serverId], enabled: false, queryFn: noRead },
    ),
  })
  const attachments = base.attachments.map((a, i): SizedAttachment => {
    const server = stateOf(a.serverId)
    const read = reads[i]
    const measured = read?.data as ContextSize | undefined
    // Refused as Send refuses it (the client's maxBytes): not a size to count.
    const tooLarge = measured !== undefined && measured.bytes > maxBytes
    const size = tooLarge ? undefined : measured
    const sizing: AttachmentSizing = size
      ? 'sized'
      : tooLarge || read?.isError || a.removed || isServerDown(server)
        ? 'failed'
        : !listed.has(a.key)
          ? 'on-send'
          : 'reading'
    return {
      ...a,
      change: live?.changeOf(a.serverId, a.uri),
      server,
      serverDown: isServerDown(server),
      sizing,
      size,
      sizeError: tooLarge
        ? new Error(`${a.label} is larger than ${formatBytes(maxBytes)}: it would not be sent`)
        : (read?.error ?? undefined),
    }
  })
  const sized = attachments.flatMap((a) => (a.size ? [a.size] : []))
  return {
    ...base,
    attachments,
    total: sumContextSizes(sized),
    complete: attachments.every((a) => a.sizing === 'sized'),
    down: attachments.filter((a) => a.serverDown),
  }
}
