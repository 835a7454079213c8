// SHARED: text for screen readers only, hidden without any stylesheet.
import type { CSSProperties } from 'react'

/**
 * Inline, so a host without the theme (or with a reset that drops it) never shows the
 * "1 result" announcement or a row's elided URI on screen. The class stays for hosts that
 * style it.
 */
export const visuallyHiddenStyle: Readonly<CSSProperties> = Object.freeze({
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
})

export const VISUALLY_HIDDEN_CLASS = 'rk-visually-hidden'
