// An image from a blob: decoded locally into an object URL, so nothing is fetched. The
// type comes from the bytes, never from the server's mimeType.
import { sniffImageType } from '@resource-kit/client'
import { type ForwardedRef, forwardRef, useEffect, useState } from 'react'
import { formatCount } from '../collection/formatCount.ts'
import { decodeBase64 } from './contentInfo.ts'

export interface BlobImageProps {
  /** Standard base64 bytes of a PNG, JPEG, GIF or WebP image. */
  blob: string
  /** Accessible description. */
  alt: string
}

/** Shows a base64 raster image through a local object URL (revoked on unmount), scaled to fit, with its pixel size. */
export const BlobImage = forwardRef(function BlobImage(
  { blob, alt }: BlobImageProps,
  ref: ForwardedRef<HTMLElement>,
) {
  const [src, setSrc] = useState<string | null>(null)
  const [size, setSize] = useState<{ width: number; height: number } | null>(null)
  useEffect(() => {
    let url: string | null = null
    try {
      const bytes = decodeBase64(blob)
      const type = sniffImageType(bytes)
      if (type) url = URL.createObjectURL(new Blob([bytes], { type }))
    } catch {
      url = null
    }
    setSrc(url)
    return () => {
      if (url) URL.revokeObjectURL(url)
    }
  }, [blob])
  if (!src) return null
  return (
    <figure ref={ref} className="rk-preview-figure">
      <img
        className="rk-preview-image"
        src={src}
        alt={alt}
        onLoad={(event) =>
          setSize({
            width: event.currentTarget.naturalWidth,
            height: event.currentTarget.naturalHeight,
          })
        }
      />
      {size && (
        <figcaption
          className="rk-preview-image-size"
          data-width={size.width}
          data-height={size.height}
        >
          {formatCount(size.width)} × {formatCount(size.height)} px
        </figcaption>
      )}
    </figure>
  )
})
