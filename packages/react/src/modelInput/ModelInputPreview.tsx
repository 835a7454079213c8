// PARTS: "what goes to the model" for one message: a heading with the total, a card per
// mentioned resource (its size as the chip and the preview said it, its text's first lines
// expandable, a blob as what it is, or why it was not read) and the whole model input
// behind a disclosure. Unstyled: `rk-model-input*` / `rk-context-card*` classes and data-*.
import type { HTMLAttributes, ReactNode } from 'react'
import { formatBytes } from '../collection/formatBytes.ts'
import type { ResourceChange } from '../live/liveResources.ts'
import { formatContextSize, sumContextSizes } from '../preview/contextSize.ts'
import type { ModelContextItem, ModelContextPart } from './modelContext.ts'

export interface ModelInputPreviewProps
  extends Omit<HTMLAttributes<HTMLElement>, 'children' | 'title'> {
  items: readonly ModelContextItem[]
  /** Replaces the heading (e.g. "Reading…", "Waiting for you"). */
  title?: ReactNode
  /** A card's change mark since it was sent (e.g. `updated`). */
  changeOf?: ((item: ModelContextItem) => ResourceChange | undefined) | undefined
  /** The whole model input (`modelInputText`), behind "Full model input". */
  fullText?: string | undefined
  /** Lines of text shown before "Show all". @default 8 */
  previewLines?: number
  /** After the cards (e.g. a Retry). */
  children?: ReactNode
}

/** The heading's total: "2 resources · 9.2 kB · ~2,300 tokens". */
export function modelInputSummary(items: readonly ModelContextItem[]): string {
  const sizes = items.flatMap((i) => (i.status === 'read' ? [i.size] : []))
  const count = `${items.length} resource${items.length === 1 ? '' : 's'}`
  return sizes.length === 0 ? count : `${count} · ${formatContextSize(sumContextSizes(sizes))}`
}

export function ModelInputPreview({
  items,
  title,
  changeOf,
  fullText,
  previewLines = 8,
  children,
  className,
  ...props
}: ModelInputPreviewProps) {
  return (
    <section
      aria-label="What the model receives"
      {...props}
      className={className ? `rk-model-input ${className}` : 'rk-model-input'}
    >
      {title ?? (
        <h3 className="rk-model-input-title">
          What the model receives · {modelInputSummary(items)}
        </h3>
      )}
      {items.map((item) => (
        <ModelInputCard
          key={`${item.serverId}\u0000${item.uri}`}
          item={item}
          change={changeOf?.(item)}
          previewLines={previewLines}
        />
      ))}
      {children}
      {fullText !== undefined && (
        <details className="rk-model-input-full">
          <summary>Full model input</summary>
          {/* A scroll area: focusable, so a keyboard can scroll it (WCAG 2.1.1). */}
          <pre
            // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be focusable
            tabIndex={0}
          >
            {fullText}
          </pre>
        </details>
      )}
    </section>
  )
}

export interface ModelInputCardProps {
  item: ModelContextItem
  change?: ResourceChange | undefined
  /** @default 8 */
  previewLines?: number
}

/** One mentioned resource as the model got it. */
export function ModelInputCard({ item, change, previewLines = 8 }: ModelInputCardProps) {
  return (
    <article
      className="rk-context-card"
      data-status={item.status}
      data-change={change}
      data-bytes={item.status === 'read' ? item.size.bytes : undefined}
      data-tokens={item.status === 'read' && item.size.hasText ? item.size.tokens : undefined}
      aria-label={`Attached: ${item.label}`}
    >
      <header className="rk-context-card-head">
        <span className="rk-context-name">{item.label}</span>{' '}
        <span className="rk-context-uri" title={item.uri}>
          {item.uri}
        </span>
        {item.status === 'read' && (
          <>
            {' '}
            <span className="rk-context-size">{formatContextSize(item.size)}</span>
          </>
        )}
        {change && (
          <>
            {' '}
            <span
              className="rk-context-mark"
              data-change={change}
              title={`${change === 'removed' ? 'Removed from' : 'Changed on'} the server after this was sent`}
            >
              {change}
            </span>
          </>
        )}
      </header>
      {item.status === 'error' ? (
        <p className="rk-context-error" role="note">
          Not sent: {item.error}
        </p>
      ) : (
        item.parts.map((part, i) => (
          <ContextPartView
            // biome-ignore lint/suspicious/noArrayIndexKey: parts keep the server's order
            key={i}
            part={part}
            multiple={item.parts.length > 1}
            previewLines={previewLines}
          />
        ))
      )}
    </article>
  )
}

function ContextPartView({
  part,
  multiple,
  previewLines,
}: {
  part: ModelContextPart
  multiple: boolean
  previewLines: number
}) {
  const where = multiple && <span className="rk-context-part-uri">{part.uri} · </span>
  const type = part.mimeType ?? 'unknown type'
  if (part.kind === 'blob') {
    return (
      <p className="rk-context-blob">
        {where}
        Binary {type} · {formatBytes(part.bytes)}: the model gets it as a file attachment, not as
        text.
      </p>
    )
  }
  const lines = part.text.split('\n')
  const short = lines.length <= previewLines && !part.truncated
  return (
    <div className="rk-context-text">
      <p className="rk-context-meta">
        {where}
        {type}
        {part.truncated && ' · cut in this preview'}
      </p>
      {short ? (
        <pre>{part.text}</pre>
      ) : (
        <details>
          <summary>
            <pre>{lines.slice(0, previewLines).join('\n')}</pre>
            <span className="rk-context-more">
              Show all {lines.length.toLocaleString('en-US')} lines
            </span>
          </summary>
          <pre>{lines.slice(previewLines).join('\n')}</pre>
        </details>
      )}
    </div>
  )
}
