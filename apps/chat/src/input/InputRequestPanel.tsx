// A server asked for input while reading something that is not in the preview (e.g. a
// mention being sent): the form shows here, one request at a time, oldest first. A read
// nobody waits on yet (a chip sizing its attachment before Send) asks nothing until a send
// needs it: mentioning a resource never opens a form.
import {
  ElicitationForm,
  type InputBridge,
  type ResourceDescriptor,
  useInputRequests,
} from '@resource-kit/react'
import { useInputPanelFocus } from './useInputPanelFocus.ts'

export interface InputRequestPanelProps {
  inputBridge: InputBridge
  /** Requests for this resource show inline in its preview instead. */
  previewing: ResourceDescriptor | null
  /** A server's display name. */
  serverName: (serverId: string) => string
  /** Whether this resource's read may ask now (a chip's read-ahead waits for a send). */
  asks: (serverId: string, uri: string) => boolean
  /** Where focus goes after an answer (the composer). */
  returnFocus: () => void
}

export function InputRequestPanel({
  inputBridge,
  previewing,
  serverName,
  asks,
  returnFocus,
}: InputRequestPanelProps) {
  const pending = useInputRequests(inputBridge)
  const request = pending.find(
    (p) =>
      !(previewing && p.serverId === previewing.serverId && p.uri === previewing.uri) &&
      (p.uri === undefined || asks(p.serverId, p.uri)),
  )
  const focus = useInputPanelFocus(
    request?.id,
    () => request?.respond({ action: 'cancel' }),
    returnFocus,
  )
  if (!request) return null
  return (
    <section
      ref={focus.panelRef}
      className="chat-input-request"
      role="dialog"
      aria-modal="false"
      aria-labelledby={`input-request-${request.id}`}
      tabIndex={-1}
      onKeyDown={focus.onKeyDown}
    >
      <h2 id={`input-request-${request.id}`} className="chat-input-request-title">
        {serverName(request.serverId)} needs your input
        {request.uri && <span className="chat-input-request-uri"> to read {request.uri}</span>}
      </h2>
      <ElicitationForm
        key={request.id}
        request={request.request}
        onAnswer={(answer) => focus.answered(() => request.respond(answer))}
        onOpenUrl={(url) => window.open(url, '_blank', 'noopener,noreferrer')}
      />
    </section>
  )
}
