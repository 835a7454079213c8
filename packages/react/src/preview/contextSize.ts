// What a resource costs the model, worked out in one place: the preview's summary, the
// attachment chip and the sent message's card all show `formatContextSize(measureContents(…))`
// of the same contents, so the three never disagree (they said 9.2 kB, 9.0 kB and nothing).
import type { ResourceContents } from '@resource-kit/client'
import { formatBytes } from '../collection/formatBytes.ts'
import { formatCount } from '../collection/formatCount.ts'
import { contentByteSize, estimateTokens } from './contentInfo.ts'

/** The size of what a read hands the model. */
export interface ContextSize {
  /** Bytes: UTF-8 for text, decoded for blobs. */
  bytes: number
  /** Rough tokens of the text items (about 4 characters each); blobs count none. */
  tokens: number
  /** Some item is text (a token estimate means something). */
  hasText: boolean
  /** Some item is a blob (its cost depends on the model: not in `tokens`). */
  hasBlob: boolean
}

export const EMPTY_CONTEXT_SIZE: ContextSize = {
  bytes: 0,
  tokens: 0,
  hasText: false,
  hasBlob: false,
}

/** The one measure of a read's contents. */
export function measureContents(contents: readonly ResourceContents[]): ContextSize {
  let bytes = 0
  for (const c of contents) bytes += contentByteSize(c)
  return {
    bytes,
    tokens: estimateTokens(contents),
    hasText: contents.some((c) => 'text' in c),
    hasBlob: contents.some((c) => 'blob' in c),
  }
}

/** Several sizes as one (a message's attachments, the composer's total). */
export function sumContextSizes(sizes: Iterable<ContextSize>): ContextSize {
  let total = EMPTY_CONTEXT_SIZE
  for (const s of sizes) {
    total = {
      bytes: total.bytes + s.bytes,
      tokens: total.tokens + s.tokens,
      hasText: total.hasText || s.hasText,
      hasBlob: total.hasBlob || s.hasBlob,
    }
  }
  return total
}

/** "12.3 kB · ~3,100 tokens" (" of text" beside blobs; bytes alone without text). */
export function formatContextSize(size: ContextSize): string {
  const bytes = formatBytes(size.bytes) ?? '0 B'
  if (!size.hasText) return bytes
  return `${bytes} · ~${formatCount(size.tokens)} tokens${size.hasBlob ? ' of text' : ''}`
}

/** Whether `value` (e.g. read back from storage) is a ContextSize. */
export function isContextSize(value: unknown): value is ContextSize {
  const s = value as Partial<ContextSize> | null
  return (
    typeof s?.bytes === 'number' &&
    typeof s.tokens === 'number' &&
    typeof s.hasText === 'boolean' &&
    typeof s.hasBlob === 'boolean'
  )
}
