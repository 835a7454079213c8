// The attachments feature's public surface: sized chips and the composer's total.

export type { AttachmentChipProps, AttachmentChipsProps } from './AttachmentChips.tsx'
export { AttachmentChip, AttachmentChips, attachmentSizeText } from './AttachmentChips.tsx'
export type { ContextBudgetProps } from './ContextBudget.tsx'
export { ContextBudget } from './ContextBudget.tsx'
export type {
  AttachmentSizing,
  SizedAttachment,
  SizedAttachmentsResult,
  UseSizedAttachmentsOptions,
} from './useSizedAttachments.ts'
export { useSizedAttachments } from './useSizedAttachments.ts'
