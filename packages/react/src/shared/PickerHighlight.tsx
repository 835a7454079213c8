// PARTS: text with the fuzzy-search matches marked. Always text nodes, never HTML.

import { highlightRanges } from '@resource-kit/search/lazy'
import { Fragment } from 'react'

export interface PickerHighlightProps {
  text: string
  /** Matched [start, end] ranges (end inclusive, as fuse.js reports them). */
  ranges?: readonly [number, number][]
}

/** Renders `text` with `<mark>` around the matched ranges. */
export function PickerHighlight({ text, ranges }: PickerHighlightProps) {
  if (!ranges || ranges.length === 0) return <>{text}</>
  return (
    <>
      {highlightRanges(text, ranges).map((part, i) =>
        part.highlighted ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and immutable
          <mark key={i} className="rk-match">
            {part.text}
          </mark>
        ) : (
          // Plain text, not a span: some name computations trim an element's edge spaces.
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and immutable
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  )
}
