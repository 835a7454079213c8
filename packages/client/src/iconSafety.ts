// The one icon-safety policy: the client filters every icon it hands out with it (list
// items, serverInfo) and the React package renders with it. Icons come from servers, so
// they are hostile until checked. Only two kinds of source are ever kept:
// - `https:` URLs without credentials (the <img> fetches them anonymously; an SVG served
//   over https is allowed because <img> renders SVG without scripts);
// - `data:image/(png|jpeg|gif|webp);base64,…` whose payload is valid base64, starts with a
//   real PNG/JPEG/GIF/WebP signature and stays under MAX_DATA_ICON_BYTES.
// `data:image/svg+xml` is refused: SVG is active content (scripts, external references) as
// soon as it is opened outside an <img>, e.g. "open image in new tab", and a data: URI
// carries it with the host's trust. `http:`, `file:`, `javascript:`, `blob:` and every other
// scheme are refused too.
import { sniffImageType } from './imageType.ts'
import type { Icon } from './types.ts'

/** Largest decoded data: icon accepted (64 KiB); bigger ones are refused, not truncated. */
export const MAX_DATA_ICON_BYTES = 64 * 1024
/** Longest https: icon URL accepted. */
export const MAX_ICON_URL_LENGTH = 2048

export interface SafeIconOptions {
  /** Prefer icons for this theme; icons for the other theme come last. */
  theme?: 'light' | 'dark'
  /** Wanted pixel size: the smallest icon at least this big wins. @default 16 */
  size?: number
}

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/]*={0,2})$/i
function isImagePayload(base64: string): boolean {
  if (base64.length % 4 !== 0 || base64.length < 16) return false
  if ((base64.length / 4) * 3 > MAX_DATA_ICON_BYTES + 2) return false
  let head: string
  try {
    head = atob(base64.slice(0, 16))
  } catch {
    return false
  }
  return sniffImageType(Array.from(head, (c) => c.charCodeAt(0))) !== undefined
}

/** The `src` of one icon if it is safe to render (an https URL normalized), else undefined. */
export function checkIconSrc(src: unknown): string | undefined {
  if (typeof src !== 'string' || src === '') return undefined
  // Browsers strip tabs/newlines inside URLs ("java\tscript:"): refuse any control or space.
  for (let i = 0; i < src.length; i++) {
    const c = src.charCodeAt(i)
    if (c <= 0x20 || (c >= 0x7f && c <= 0x9f)) return undefined
  }
  if (/^data:/i.test(src)) {
    if (src.length > (MAX_DATA_ICON_BYTES / 3 + 1) * 4 + 64) return undefined
    const m = DATA_IMAGE.exec(src)
    return m && isImagePayload(m[2]!) ? src : undefined
  }
  if (src.length > MAX_ICON_URL_LENGTH || !/^https:/i.test(src)) return undefined
  let url: URL
  try {
    url = new URL(src)
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return undefined
  return url.href
}

/** True when `src` passes the policy. */
export function isSafeIconSource(src: string): boolean {
  return checkIconSrc(src) !== undefined
}

/** Largest square side in `sizes` ("48x48", "any" = Infinity), or undefined. */
function sizeOf(icon: Icon): number | undefined {
  const sizes: unknown = icon.sizes
  if (!Array.isArray(sizes)) return undefined
  let best: number | undefined
  for (const s of sizes) {
    if (typeof s !== 'string') continue
    if (s.toLowerCase() === 'any') return Number.POSITIVE_INFINITY
    const m = /^(\d{1,5})x(\d{1,5})$/i.exec(s)
    if (m) best = Math.max(best ?? 0, Math.min(Number(m[1]), Number(m[2])))
  }
  return best
}

/** Lower is better: theme first, then how well the size fits. */
function score(icon: Icon, options: SafeIconOptions): [number, number] {
  const theme = icon.theme === options.theme ? 0 : icon.theme === undefined ? 1 : 2
  const want = options.size ?? 16
  const size = sizeOf(icon)
  // Big enough: the smallest such wins; no size: after those; too small: the largest wins.
  const fit =
    size === undefined
      ? 1e9
      : size >= want
        ? Number.isFinite(size)
          ? size - want
          : 1e8
        : 2e9 - size
  return [options.theme === undefined ? 0 : theme, fit]
}

/**
 * The best safe icon `src`, or undefined when none is safe. Accepts one icon or a list;
 * never throws on odd shapes.
 */
export function safeIconSrc(
  icons: Icon | readonly Icon[] | null | undefined,
  options: SafeIconOptions = {},
): string | undefined {
  const list: readonly unknown[] = Array.isArray(icons) ? icons : icons ? [icons] : []
  let best: { src: string; score: [number, number] } | undefined
  for (const icon of list) {
    if (typeof icon !== 'object' || icon === null) continue
    const src = checkIconSrc((icon as Icon).src)
    if (!src) continue
    const s = score(icon as Icon, options)
    if (!best || s[0] < best.score[0] || (s[0] === best.score[0] && s[1] < best.score[1])) {
      best = { src, score: s }
    }
  }
  return best?.src
}
