// A PDF from a blob: never rendered inline (it is active content); offered to open in
// the browser's own viewer or to download, through a local object URL (nothing fetched).
import { useEffect, useState } from 'react'
import { formatBytes } from '../collection/index.ts'
import { decodeBase64 } from './contentInfo.ts'

export interface BlobPdfProps {
  /** Standard base64 bytes of the PDF. */
  blob: string
  /** The resource's URI: names the download. */
  uri: string
}

/** "PDF · 120 kB" with Open and Download links over a local object URL (revoked on unmount). */
export function BlobPdf({ blob, uri }: BlobPdfProps) {
  const [file, setFile] = useState<{ url: string; bytes: number } | null>(null)
  useEffect(() => {
    let url: string | null = null
    try {
      const bytes = decodeBase64(blob)
      url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }))
      setFile({ url, bytes: bytes.length })
    } catch {
      setFile(null)
    }
    return () => {
      if (url) URL.revokeObjectURL(url)
    }
  }, [blob])
  if (!file) return null
  return (
    <p className="rk-preview-pdf">
      <span>PDF · {formatBytes(file.bytes)}</span>
      <a className="rk-preview-action" href={file.url} target="_blank" rel="noopener noreferrer">
        Open PDF
      </a>
      <a className="rk-preview-action" href={file.url} download={pdfFileName(uri)}>
        Download
      </a>
    </p>
  )
}

/** The last path segment of the URI, ending in .pdf. */
export function pdfFileName(uri: string): string {
  const last = uri.split(/[?#]/)[0]?.split('/').filter(Boolean).at(-1) ?? ''
  let name: string
  try {
    name = decodeURIComponent(last)
  } catch {
    name = last
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: unsafe file-name characters are dropped
  name = name.replace(/[\u0000-\u001f<>:"/\\|?*]+/g, '').slice(0, 120) || 'document'
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`
}
