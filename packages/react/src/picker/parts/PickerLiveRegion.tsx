// PARTS: the polite live region that announces how many results there are.
import type { HTMLAttributes } from 'react'
import { usePickerContext } from './PickerContext.ts'

/** Visually hidden by the theme (`.rk-visually-hidden`); screen readers hear the count. */
export function PickerLiveRegion({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  const picker = usePickerContext()
  return (
    <div
      {...picker.getLiveRegionProps(props)}
      className={className ? `rk-visually-hidden ${className}` : 'rk-visually-hidden'}
    />
  )
}
