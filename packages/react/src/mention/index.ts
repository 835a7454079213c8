// The @-mention feature's public surface: the composer (component and hook), the token
// format, attachments and reads.

export type { MentionComposerHandle, MentionComposerProps } from './MentionComposer.tsx'
export { MentionComposer, MentionPopup } from './MentionComposer.tsx'
export type { MentionTextProps } from './MentionText.tsx'
export { MentionText } from './MentionText.tsx'
export type { MentionOption } from './mentionOptions.ts'
export type {
  MentionEditorProps,
  MentionOptionProps,
  MentionPropGetters,
} from './mentionPropGetters.ts'
export type { MentionRef, MentionSegment } from './mentionToken.ts'
export {
  formatMentionToken,
  mentionsOf,
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
  InsertMentionOptions,
  MentionComposerApi,
  MentionMode,
  UseMentionComposerOptions,
} from './useMentionComposer.ts'
export { useMentionComposer } from './useMentionComposer.ts'
