// PARTS: the default inside of a row, per kind. Server text is always rendered as text.
// The row is named by this content (no aria-label), so the name always holds the visible
// text (WCAG 2.5.3). The `{' '}` between parts keeps words apart in that name: inline
// spans join without a space, and a flex row does not render whitespace-only text.
import { formatBytes, formatCount, formatLastModified, mimeIcon } from '../../collection/index.ts'
import type { ResourceChange } from '../../live/liveResources.ts'
import { PickerHighlight } from '../../shared/PickerHighlight.tsx'
import { ResourceLocation } from '../../shared/ResourceLocation.tsx'
import { countResources, isSourceBusy, resourceCountText } from '../../shared/resourceCount.ts'
import { SERVER_DOWN_TEXT } from '../../shared/sourceDown.ts'
import { VISUALLY_HIDDEN_CLASS, visuallyHiddenStyle } from '../../shared/visuallyHidden.ts'
import type { PickerRow } from '../pickerRow.ts'
import { ServerIcon } from './ServerIcon.tsx'

function Chevron({ row }: { row: PickerRow }) {
  return (
    <span
      className="rk-chevron"
      aria-hidden="true"
      data-expanded={row.hasChildren ? row.expanded : undefined}
    />
  )
}

function rangesOf(
  row: PickerRow,
  key: 'name' | 'title' | 'uri',
): readonly [number, number][] | undefined {
  if (row.kind !== 'resource' && row.kind !== 'template') return undefined
  return row.matches?.find((m) => m.key === key)?.ranges
}

type MatchKey = 'name' | 'title' | 'uri' | 'description'

/** Characters of the other field shown around its first match. */
const REASON_BEFORE = 16
const REASON_AFTER = 40

/**
 * Why a search hit matched when no shown field has a mark: an excerpt of the field that
 * matched (the description, or the name under a title), with the match marked.
 */
function MatchReason({ row, shown }: { row: PickerRow; shown: readonly MatchKey[] }) {
  if (row.kind !== 'resource' && row.kind !== 'template') return null
  const matches = row.matches ?? []
  if (matches.length === 0 || matches.some((m) => shown.includes(m.key))) return null
  const match = matches.find((m) => m.key !== 'uri')
  const source = row.kind === 'resource' ? row.resource : row.template
  const text = match && match.key !== 'uri' ? source[match.key] : undefined
  const first = match?.ranges[0]?.[0]
  if (!match || typeof text !== 'string' || first === undefined) return null
  const from = Math.max(0, first - REASON_BEFORE)
  const to = Math.min(text.length, first + REASON_AFTER)
  const ranges = match.ranges
    .map(([a, b]): [number, number] => [Math.max(a, from) - from, Math.min(b, to - 1) - from])
    .filter(([a, b]) => a <= b)
  return (
    <>
      <span className="rk-match-reason">
        {from > 0 && '…'}
        <PickerHighlight text={text.slice(from, to)} ranges={ranges} />
        {to < text.length && '…'}
      </span>{' '}
    </>
  )
}

const STATUS_TEXT = {
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
  loading: 'Loading…',
  'needs-input': 'Needs input',
  'needs-auth': 'Needs sign-in',
  error: 'Failed',
  empty: 'No resources',
  ready: '',
} as const

/** What changed about a row's resource since the person last chose it. */
export type RowChange = ResourceChange

export interface PickerRowContentProps {
  row: PickerRow
  /** Shows the change mark, with its word for screen readers. */
  change?: RowChange | undefined
  /** Show where the resource lives (its URI, dimmed): in the list view and in search results. */
  location?: boolean
  /** Counts leave assistant-only items out (as the list does). */
  hideAssistantOnly?: boolean
}

/** The dot of a new, updated or removed resource; the word is read, the dot is seen. */
function ChangeMark({ change }: { change: RowChange | undefined }) {
  return (
    <span className="rk-updated-mark" data-change={change}>
      {change && (
        <span className={VISUALLY_HIDDEN_CLASS} style={visuallyHiddenStyle}>
          {`, ${change}`}
        </span>
      )}
    </span>
  )
}

/** A down server's row says so to a screen reader; on screen the theme dims the row. */
function ServerDownMark({ row }: { row: PickerRow }) {
  if (!row.serverDown) return null
  return (
    <span className={`rk-server-down-mark ${VISUALLY_HIDDEN_CLASS}`} style={visuallyHiddenStyle}>
      {`, ${SERVER_DOWN_TEXT}`}
    </span>
  )
}

/** Default content of a row of any kind. */
export function PickerRowContent({
  row,
  change,
  location = false,
  hideAssistantOnly = false,
}: PickerRowContentProps) {
  // A server's count, once its pages have settled (never page by page), browsing only.
  const count =
    row.kind === 'server' && row.source.status === 'ready' && !isSourceBusy(row.source)
      ? resourceCountText(countResources([row.source], hideAssistantOnly))
      : undefined
  switch (row.kind) {
    case 'server':
      return (
        <>
          <Chevron row={row} />
          <ServerIcon icons={row.source.icons} />
          <span className="rk-label">{row.label}</span>
          {count !== undefined && (
            <>
              {' '}
              <span className="rk-count">{count}</span>
            </>
          )}
          {row.source.status !== 'ready' && (
            <>
              {' '}
              <span className="rk-badge" data-status={row.source.status}>
                {STATUS_TEXT[row.source.status]}
              </span>
            </>
          )}
        </>
      )
    case 'folder':
    case 'directory':
      return (
        <>
          <Chevron row={row} />
          <span className="rk-mime-icon" data-icon="folder" aria-hidden="true" />
          <span className="rk-label">{row.label}</span>
          <ServerDownMark row={row} />
        </>
      )
    case 'resource': {
      const r = row.resource
      const display = r.title ?? r.name
      const key = r.title !== undefined ? 'title' : 'name'
      const modified = r.annotations?.lastModified
      return (
        <>
          <Chevron row={row} />
          <span
            className="rk-mime-icon"
            data-icon={mimeIcon(r.mimeType, r.uri)}
            aria-hidden="true"
          />
          <span className="rk-label">
            <PickerHighlight text={display} ranges={rangesOf(row, key)} />
          </span>{' '}
          {location && (
            <>
              <ResourceLocation uri={r.uri} ranges={rangesOf(row, 'uri')} />{' '}
            </>
          )}
          <MatchReason row={row} shown={[key, ...(location ? (['uri'] as const) : [])]} />
          <span className="rk-meta">
            {r.size !== undefined && <span className="rk-size">{formatBytes(r.size)}</span>}{' '}
            {modified && (
              <time className="rk-modified" dateTime={modified}>
                {formatLastModified(modified)}
              </time>
            )}
          </span>
          <ChangeMark change={change} />
          <ServerDownMark row={row} />
        </>
      )
    }
    case 'template':
      return (
        <>
          <Chevron row={row} />
          <span className="rk-mime-icon" data-icon="template" aria-hidden="true" />
          <span className="rk-label">
            <PickerHighlight
              text={row.template.title ?? row.template.name}
              ranges={rangesOf(row, row.template.title !== undefined ? 'title' : 'name')}
            />
          </span>{' '}
          <MatchReason
            row={row}
            shown={[row.template.title !== undefined ? 'title' : 'name', 'uri']}
          />
          <span className="rk-meta">
            <code className="rk-template-uri">
              <PickerHighlight text={row.template.uriTemplate} ranges={rangesOf(row, 'uri')} />
            </code>
          </span>
          <ServerDownMark row={row} />
        </>
      )
    case 'status':
      return (
        <>
          <span className="rk-status-text" title={row.label}>
            {row.label}
          </span>{' '}
          {row.source.retry && <span className="rk-action">Retry</span>}
        </>
      )
    case 'loadMore':
      return (
        <>
          <span className="rk-status-text">
            {row.searched === undefined
              ? `${formatCount(row.source.resources.length)} loaded — more available`
              : `Searched ${formatCount(row.searched)} of ${formatCount(row.searched)}+ resources.`}
          </span>{' '}
          <span className="rk-action">
            {row.source.loadingMore
              ? 'Loading…'
              : row.searched === undefined
                ? 'Load more'
                : 'Load more and search them'}
          </span>
        </>
      )
    case 'message':
      return (
        <>
          <span className="rk-status-text" title={row.label}>
            {row.label}
          </span>{' '}
          {row.tone === 'error' && <span className="rk-action">Retry</span>}
        </>
      )
  }
}
