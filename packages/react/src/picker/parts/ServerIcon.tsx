// PARTS: a server's icon, only from `https:` or `data:image/*`, fetched without
// credentials or referrer. Falls back to nothing (the theme shows a placeholder).
import type { Icon } from '@resource-kit/client'
import { type ForwardedRef, forwardRef, type Ref, useState } from 'react'
import { safeIconSrc } from '../../collection/index.ts'

export interface ServerIconProps {
  icons?: readonly Icon[]
  /** Pixel size. @default 16 */
  size?: number
  /** Prefer icons for this theme when the server offers several. */
  theme?: 'light' | 'dark'
}

/** The first safe icon of a server, or a neutral placeholder. */
export const ServerIcon = forwardRef(function ServerIcon(
  { icons, size = 16, theme }: ServerIconProps,
  ref: ForwardedRef<HTMLElement>,
) {
  // The source that failed, not a flag: a row reused for another server tries its icon.
  const [failedSrc, setFailedSrc] = useState<string>()
  const src = safeIconSrc(icons, { size, theme })
  if (!src || src === failedSrc)
    return <span ref={ref} className="rk-server-icon" data-placeholder="" aria-hidden="true" />
  return (
    <img
      ref={ref as Ref<HTMLImageElement>}
      className="rk-server-icon"
      src={src}
      alt=""
      width={size}
      height={size}
      crossOrigin="anonymous"
      referrerPolicy="no-referrer"
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  )
})
