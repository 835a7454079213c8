// The @-mention feature's public surface (re-exported by the package's src/index.ts).

export type { MentionComposerHandle, MentionComposerProps } from './MentionComposer.tsx'
export { MentionComposer, MentionPopup } from './MentionComposer.tsx'
export type { MentionCandidate, MentionOption, MentionResults } from './mentionOptions.ts'
export type { MentionQuery } from './mentionQuery.ts'
export { parseMentionQuery } from './mentionQuery.ts'
export type { MentionRef, MentionSegment } from './mentionToken.ts'
export {
  formatMentionToken,
  mentionsOf,
  normalizeSegments,
  parseMentions,
  serializeMentions,
} from './mentionToken.ts'
export type { MentionRead, ReadMentionsOptions } from './readMentions.ts'
export { readMentions } from './readMentions.ts'
export type { ExpandTemplate, TemplateDraft } from './templateDraft.ts'
export type {
  MentionAttachment,
  MentionAttachmentsResult,
  UseMentionAttachmentsOptions,
} from './useMentionAttachments.ts'
export { attachmentKey, useMentionAttachments } from './useMentionAttachments.ts'
export type {
  MentionComposerApi,
  MentionMode,
  UseMentionComposerOptions,
} from './useMentionComposer.ts'
export { useMentionComposer } from './useMentionComposer.ts'
