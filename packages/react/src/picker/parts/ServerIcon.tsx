// PARTS: a server's icon, only from `https:` or `data:image/*`, fetched without
// credentials or referrer. Falls back to nothing (the theme shows a placeholder).
import type { Icon } from '@resource-kit/client'
import { useState } from 'react'
import { safeIconSrc } from '../../collection/index.ts'

export interface ServerIconProps {
  icons?: readonly Icon[]
  /** Pixel size. @default 16 */
  size?: number
  /** Prefer icons for this theme when the server offers several. */
  theme?: 'light' | 'dark'
}

/** The first safe icon of a server, or a neutral placeholder. */
export function ServerIcon({ icons, size = 16, theme }: ServerIconProps) {
  const [failed, setFailed] = useState(false)
  const src = safeIconSrc(icons, { size, theme })
  if (!src || failed)
    return <span className="rk-server-icon" data-placeholder="" aria-hidden="true" />
  return (
    <img
      className="rk-server-icon"
      src={src}
      alt=""
      width={size}
      height={size}
      crossOrigin="anonymous"
      referrerPolicy="no-referrer"
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  )
}
