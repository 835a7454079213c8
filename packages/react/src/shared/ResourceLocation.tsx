// PARTS: where a resource lives, dimmed beside its name: the folder part of its URI, then
// its last segment. On a narrow row the theme elides the middle, never the end: the root
// first, then the start of the folders, then the row's name; the last segment stays whole
// up to half the row, and past that keeps its end (`splitLocation`). Matches are marked. The full URI is the element's title, and
// when characters were left out it is also in the accessible name (visually hidden), so
// ten rows called "Invoice" are told apart by ear as by eye. Always text, never HTML.
import type { HTMLAttributes } from 'react'
import { type LocationPiece, locationParts, splitLocation } from './resourceLocation.ts'
import { VISUALLY_HIDDEN_CLASS, visuallyHiddenStyle } from './visuallyHidden.ts'

export interface ResourceLocationProps extends HTMLAttributes<HTMLSpanElement> {
  uri: string
  /** The search's matched ranges in the URI (inclusive, as `SearchMatch` reports them). */
  ranges?: readonly [number, number][]
  /** A longer folder part is cut in the middle. @default 48 */
  maxHeadChars?: number
}

function Pieces({ pieces }: { pieces: readonly LocationPiece[] }) {
  return pieces.map((piece, i) =>
    piece.highlighted ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: pieces are positional and immutable
      <mark key={i} className="rk-match">
        {piece.text}
      </mark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: pieces are positional and immutable
      <span key={i} className={piece.gap ? 'rk-location-gap' : undefined}>
        {piece.text}
      </span>
    ),
  )
}

/** The dimmed location of a resource or template: `file:///ws/…/billing/` + `invoice.json`. */
export function ResourceLocation({
  uri,
  ranges,
  maxHeadChars,
  className,
  ...props
}: ResourceLocationProps) {
  const parts = locationParts(uri, ranges, maxHeadChars)
  const { elided } = parts
  const { root, folders, name, end } = splitLocation(parts)
  return (
    <span
      title={uri}
      {...props}
      className={className ? `rk-location ${className}` : 'rk-location'}
      data-elided={elided || undefined}
    >
      <span className="rk-location-visible" aria-hidden={elided || undefined}>
        {parts.head.length > 0 && (
          <span className="rk-location-head">
            <span className="rk-location-path">
              {root.length > 0 && (
                <span className="rk-location-root">
                  <Pieces pieces={root} />
                </span>
              )}
              {folders.length > 0 && (
                <span className="rk-location-folders">
                  {/* The theme lays the folders out right to left so their start is elided; the text stays left to right. */}
                  <span className="rk-location-ltr">
                    <Pieces pieces={folders} />
                  </span>
                </span>
              )}
            </span>
          </span>
        )}
        <span className="rk-location-tail">
          {name.length > 0 && (
            <span className="rk-location-name">
              <Pieces pieces={name} />
            </span>
          )}
          <span className="rk-location-end">
            <Pieces pieces={end} />
          </span>
        </span>
      </span>
      {elided && (
        <span className={VISUALLY_HIDDEN_CLASS} style={visuallyHiddenStyle}>
          {uri}
        </span>
      )}
    </span>
  )
}
