// What a sent message's "model input" heading says while its mentions are read: a read that
// waits for the user's input says so ("Waiting for you") and where the form is, instead of
// "Reading…" as if the app were busy.
import type { MentionRef, PendingInput, ResourceDescriptor } from '@resource-kit/react'
import type { ChatMessage } from './chatMessage.ts'

export type ReadingState =
  | { kind: 'ready'; count: number }
  | { kind: 'reading' }
  /** A read of one of the message's mentions waits for an answer; `where` the form is. */
  | { kind: 'waiting'; mention: MentionRef; where: 'preview' | 'panel' }

/** The state of `message`'s reads, given the pending input requests and the previewed resource. */
export function readingState(
  message: Pick<ChatMessage, 'status' | 'context'>,
  mentions: readonly MentionRef[],
  pending: readonly PendingInput[],
  previewing: Pick<ResourceDescriptor, 'serverId' | 'uri'> | null,
): ReadingState {
  if (message.status !== 'reading') return { kind: 'ready', count: message.context.length }
  for (const request of pending) {
    const mention = mentions.find((m) => m.serverId === request.serverId && m.uri === request.uri)
    if (!mention) continue
    // The preview shows the form for its own resource inline; every other one is in the panel.
    const inPreview = previewing?.serverId === mention.serverId && previewing.uri === mention.uri
    return { kind: 'waiting', mention, where: inPreview ? 'preview' : 'panel' }
  }
  return { kind: 'reading' }
}
