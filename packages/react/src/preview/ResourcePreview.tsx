// PARTS: the MIME-aware preview of read contents, with size and (for text) a token
// estimate shown before the user attaches anything. Everything from the server renders
// as text; images are decoded locally; PDFs are offered to open or download.
import type { ResourceContents } from '@resource-kit/client'
import { formatBytes } from '../collection/index.ts'
import { BlobImage } from './BlobImage.tsx'
import { BlobPdf } from './BlobPdf.tsx'
import { classifyContent, contentByteSize, prettyJson } from './contentInfo.ts'
import { formatContextSize, measureContents } from './contextSize.ts'
import { MarkdownPreview } from './MarkdownPreview.tsx'

export interface ResourcePreviewProps {
  /** The contents of one read (a directory read has several items). */
  contents: readonly ResourceContents[]
  /** Text longer than this is cut, with a note. @default 200000 */
  maxTextLength?: number
  /** Called when a markdown link is activated; links do nothing without it. */
  onLinkClick?: (href: string) => void
  className?: string
}

/** Size and, when there is text, its rough token count, e.g. "12.3 kB · ~3,100 tokens". */
export function PreviewSummary({ contents }: { contents: readonly ResourceContents[] }) {
  // The chip and the sent message show the same measure (contextSize.ts). No estimate for
  // images and PDFs: what they cost depends on the model.
  const size = measureContents(contents)
  return (
    <p
      className="rk-preview-summary"
      data-bytes={size.bytes}
      data-tokens={size.hasText ? size.tokens : undefined}
    >
      {formatContextSize(size)}
    </p>
  )
}

function ContentItem({
  content,
  maxTextLength,
  onLinkClick,
}: {
  content: ResourceContents
  maxTextLength: number
  onLinkClick?: (href: string) => void
}) {
  const kind = classifyContent(content)
  if ('blob' in content) {
    if (kind === 'image') return <BlobImage blob={content.blob} alt={content.uri} />
    if (kind === 'pdf') return <BlobPdf blob={content.blob} uri={content.uri} />
    return (
      <p className="rk-preview-binary">
        Binary content ({content.mimeType ?? 'unknown type'}),{' '}
        {formatBytes(contentByteSize(content))}
      </p>
    )
  }
  const cut = content.text.length > maxTextLength
  const text = cut ? content.text.slice(0, maxTextLength) : content.text
  return (
    <>
      {kind === 'markdown' ? (
        <MarkdownPreview
          text={text}
          onLinkClick={onLinkClick}
          label={`Preview of ${content.uri}`}
        />
      ) : (
        // A scrolling region must be reachable by keyboard, so it is focusable and named.
        <section
          className="rk-preview-text"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a focusable, labelled scroll region is the accessible pattern
          tabIndex={0}
          aria-label={`Preview of ${content.uri}`}
        >
          <pre>
            <code>{kind === 'json' && !cut ? prettyJson(text) : text}</code>
          </pre>
        </section>
      )}
      {cut && <p className="rk-preview-cut">Showing the first {maxTextLength} characters.</p>}
    </>
  )
}

/** Renders read contents by kind: text, safe markdown, pretty JSON, blob images, binary size. */
export function ResourcePreview({
  contents,
  maxTextLength = 200_000,
  onLinkClick,
  className,
}: ResourcePreviewProps) {
  return (
    <div className={className ? `rk-preview ${className}` : 'rk-preview'}>
      <PreviewSummary contents={contents} />
      {contents.length === 0 && <p className="rk-preview-empty">This resource is empty.</p>}
      {contents.map((content, i) => (
        <section
          // Items of one read may share a uri; the index keeps keys unique.
          // biome-ignore lint/suspicious/noArrayIndexKey: contents are immutable per read
          key={`${i}:${content.uri}`}
          className="rk-preview-item"
          data-kind={classifyContent(content)}
          aria-label={content.uri}
        >
          {contents.length > 1 && <h4 className="rk-preview-uri">{content.uri}</h4>}
          <ContentItem content={content} maxTextLength={maxTextLength} onLinkClick={onLinkClick} />
        </section>
      ))}
    </div>
  )
}
