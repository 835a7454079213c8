// PARTS: where a resource lives, dimmed beside its name: the folder part of its URI, then
// its last segment, which always shows (the theme elides the end of the folder part on a
// narrow row). Matches of the search are marked. The full URI is the element's title, and
// when characters were left out it is also in the accessible name (visually hidden), so
// ten rows called "Invoice" are told apart by ear as by eye. Always text, never HTML.
import type { HTMLAttributes } from 'react'
import { type LocationPiece, locationParts } from './resourceLocation.ts'
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
  const { head, tail, elided } = locationParts(uri, ranges, maxHeadChars)
  return (
    <span
      title={uri}
      {...props}
      className={className ? `rk-location ${className}` : 'rk-location'}
      data-elided={elided || undefined}
    >
      <span className="rk-location-visible" aria-hidden={elided || undefined}>
        {head.length > 0 && (
          <span className="rk-location-head">
            <Pieces pieces={head} />
          </span>
        )}
        <span className="rk-location-tail">
          <Pieces pieces={tail} />
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
