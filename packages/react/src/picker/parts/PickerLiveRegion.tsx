// PARTS: the polite live region that announces how many results there are.
import { type ForwardedRef, forwardRef, type HTMLAttributes } from 'react'
import { VISUALLY_HIDDEN_CLASS, visuallyHiddenStyle } from '../../shared/visuallyHidden.ts'
import { usePickerContext } from './PickerContext.ts'

/** Visually hidden with or without the theme; screen readers hear the count. */
export const PickerLiveRegion = forwardRef(function PickerLiveRegion(
  { className, style, ...props }: HTMLAttributes<HTMLDivElement>,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const picker = usePickerContext()
  return (
    <div
      {...picker.getLiveRegionProps(props)}
      ref={ref}
      className={className ? `${VISUALLY_HIDDEN_CLASS} ${className}` : VISUALLY_HIDDEN_CLASS}
      style={{ ...visuallyHiddenStyle, ...style }}
    />
  )
})
