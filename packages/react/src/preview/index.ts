// The preview feature's public surface: what a read shows (text, Markdown, JSON, images).

export type { BlobImageProps } from './BlobImage.tsx'
export { BlobImage } from './BlobImage.tsx'
export { base64ByteLength, estimateTokens } from './contentInfo.ts'
export type { ContextSize } from './contextSize.ts'
export { formatContextSize, measureContents, sumContextSizes } from './contextSize.ts'
export type { MarkdownPreviewProps } from './MarkdownPreview.tsx'
export { MarkdownPreview } from './MarkdownPreview.tsx'
export type { ReadPreviewProps } from './ReadPreview.tsx'
export { ReadPreview } from './ReadPreview.tsx'
export type { ResourcePreviewProps } from './ResourcePreview.tsx'
export { PreviewSummary, ResourcePreview } from './ResourcePreview.tsx'
