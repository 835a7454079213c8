import type { Icon } from '@modelcontextprotocol/server'
import { makeSolidIconPng, toBase64 } from './binary.ts'

const palette: Readonly<Record<string, readonly [number, number, number]>> = {
  folder: [234, 179, 8],
  code: [49, 120, 198],
  doc: [22, 163, 74],
  image: [219, 39, 119],
  data: [124, 58, 237],
  ticket: [234, 88, 12],
}

/** The icon families the demo hands out. */
export type IconFamily = keyof typeof palette

/** 16×16 solid-colour PNG icons as `data:` URIs, built once per content model and shared. */
export function createIcons(): Readonly<Record<IconFamily, Icon[]>> {
  const icons: Record<string, Icon[]> = {}
  for (const [family, rgb] of Object.entries(palette)) {
    icons[family] = [
      {
        src: `data:image/png;base64,${toBase64(makeSolidIconPng(16, rgb))}`,
        mimeType: 'image/png',
        sizes: ['16x16'],
      },
    ]
  }
  return icons as Record<IconFamily, Icon[]>
}

/** The icon family of a file extension. */
export function iconFamilyOf(ext: string): IconFamily {
  if (['ts', 'tsx', 'js', 'css', 'sh', 'py'].includes(ext)) return 'code'
  if (['md', 'pdf'].includes(ext)) return 'doc'
  if (ext === 'png') return 'image'
  return 'data'
}
