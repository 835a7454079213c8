// PARTS (connected): reads one resource through the shared cache and previews it. While
// the read waits for input, the elicitation form renders inline ("Waiting for you", not
// "Loading…"); a miss shows not-found, or "removed" when it was read before (its server
// deleted it: the stale contents are not shown as if they were still there). A miss is
// the server's word that the resource is gone: it becomes the resource's "removed" mark
// (LiveResources), which its row, its chips and the host's preview show too.
import type { ElicitationAnswer } from '@resource-kit/client'
import { useQuery } from '@tanstack/react-query'
import { type ForwardedRef, forwardRef, useEffect } from 'react'
import { ElicitationForm } from '../input/ElicitationForm.tsx'
import type { InputBridge } from '../input/inputBridge.ts'
import { useInputRequests } from '../input/useInputRequests.ts'
import { useLiveResources } from '../live/LiveResourcesContext.ts'
import { readOptions } from '../queries/queryOptions.ts'
import { useResourceClient } from '../queries/ResourceKitProvider.tsx'
import { isNotFoundError } from '../shared/isNotFoundError.ts'
import { ResourcePreview } from './ResourcePreview.tsx'

export interface ReadPreviewProps {
  serverId: string
  uri: string
  /** Where the client's input requests go; the form for this read shows inline. */
  inputBridge?: InputBridge
  /** Refuse contents larger than this many bytes. */
  maxBytes?: number
  /** Called when a markdown link is activated. */
  onLinkClick?: (href: string) => void
  /** Opens the URL of a URL-mode input request. */
  onOpenUrl?: (url: string) => void
}

function InlineInput({
  bridge,
  serverId,
  uri,
  onOpenUrl,
}: {
  bridge: InputBridge
  serverId: string
  uri: string
  onOpenUrl?: (url: string) => void
}) {
  const [first] = useInputRequests(bridge, { serverId, uri })
  if (!first) return <p className="rk-preview-loading">Loading…</p>
  return (
    <>
      <ElicitationForm
        key={first.id}
        request={first.request}
        onAnswer={(answer: ElicitationAnswer) => first.respond(answer)}
        onOpenUrl={onOpenUrl}
      />
      <p className="rk-preview-loading" data-waiting="">
        Waiting for you
      </p>
    </>
  )
}

/** Reads `uri` on `serverId` and shows the preview, an inline input form, or a clear error. */
export const ReadPreview = forwardRef(function ReadPreview(
  { serverId, uri, inputBridge, maxBytes, onLinkClick, onOpenUrl }: ReadPreviewProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const client = useResourceClient()
  const read = useQuery(
    readOptions(client, serverId, uri, maxBytes === undefined ? {} : { maxBytes }),
  )
  const notFound = read.isError && isNotFoundError(read.error)
  // Read before, gone now: the server removed it.
  const removed = notFound && read.data !== undefined
  const live = useLiveResources()
  useEffect(() => {
    if (notFound) live?.markRemoved(serverId, uri)
  }, [notFound, live, serverId, uri])
  return (
    <div
      ref={ref}
      className="rk-read-preview"
      data-status={read.status}
      aria-busy={read.isFetching || undefined}
    >
      {read.isPending &&
        (inputBridge ? (
          <InlineInput bridge={inputBridge} serverId={serverId} uri={uri} onOpenUrl={onOpenUrl} />
        ) : (
          <p className="rk-preview-loading">Loading…</p>
        ))}
      {read.isError &&
        (notFound ? (
          <p
            className="rk-preview-error"
            role="alert"
            data-error={removed ? 'removed' : 'not-found'}
          >
            {removed ? `Removed: the server no longer has ${uri}` : `Not found: ${uri}`}
          </p>
        ) : (
          <div className="rk-preview-error" role="alert">
            <p>{read.error.message}</p>
            <button type="button" onClick={() => void read.refetch()}>
              Retry
            </button>
          </div>
        ))}
      {read.data && !notFound && (
        <ResourcePreview contents={read.data.contents} onLinkClick={onLinkClick} />
      )}
    </div>
  )
})
