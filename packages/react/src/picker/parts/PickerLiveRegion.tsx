// PARTS: the polite live region that announces how many results there are.
import type { HTMLAttributes } from 'react'
import { VISUALLY_HIDDEN_CLASS, visuallyHiddenStyle } from '../../shared/visuallyHidden.ts'
import { usePickerContext } from './PickerContext.ts'

/** Visually hidden with or without the theme; screen readers hear the count. */
export function PickerLiveRegion({ className, style, ...props }: HTMLAttributes<HTMLDivElement>) {
  const picker = usePickerContext()
  return (
    <div
      {...picker.getLiveRegionProps(props)}
      className={className ? `${VISUALLY_HIDDEN_CLASS} ${className}` : VISUALLY_HIDDEN_CLASS}
      style={{ ...visuallyHiddenStyle, ...style }}
    />
  )
}
