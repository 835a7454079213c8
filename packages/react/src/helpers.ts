// `@resource-kit/react/helpers`: the package's pure helpers, with no React and no
// `"use client"`, so a server component, a route handler or a worker can call them (the
// main entry is a client module: Next.js hands a server component only references to it).
// The main entry exports the same functions; this door exists for code that runs on a server.
// Biome keeps React out of every file this one reaches (see biome.json).

export { formatBytes } from './collection/formatBytes.ts'
export { formatLastModified } from './collection/formatLastModified.ts'
// Formatting for custom rows
export type { MimeIconKind } from './collection/mimeIcon.ts'
export { mimeIcon } from './collection/mimeIcon.ts'
// The @-mention token format: drafts and messages as plain strings
export type { MentionRef, MentionSegment } from './mention/mentionToken.ts'
export {
  formatMentionToken,
  mentionsOf,
  parseMentions,
  serializeMentions,
} from './mention/mentionToken.ts'
// Reading what a message mentions (the client does the reads)
export type { MentionRead, ReadMentionsOptions } from './mention/readMentions.ts'
export { readMentions } from './mention/readMentions.ts'
// Sizes and token estimates of read contents
export { base64ByteLength, estimateTokens } from './preview/contentInfo.ts'
// Server counts and statuses, in the picker's wording
export type { ResourceCount } from './shared/resourceCount.ts'
export { countResources, isSourceBusy, resourceCountText } from './shared/resourceCount.ts'
export type { PickerSource, ResourceDescriptor, SourceStatus } from './shared/sourceTypes.ts'
