// What the model saw of a resource, as a short fingerprint (FNV-1a over every content
// item), so the context can tell "updated" from "unchanged" on any server, with or
// without subscriptions, without keeping the text itself.
import type { ResourceContents } from '@resource-kit/client'

export function fingerprint(contents: readonly ResourceContents[]): string {
  let hash = 0x811c9dc5
  const add = (text: string) => {
    for (let index = 0; index < text.length; index += 1) {
      hash ^= text.charCodeAt(index)
      hash = Math.imul(hash, 0x01000193)
    }
    // A separator no content can fake by running two fields together.
    hash ^= 0xff
    hash = Math.imul(hash, 0x01000193)
  }
  for (const content of contents) {
    add(content.uri)
    add(content.mimeType ?? '')
    add('blob' in content ? `b${content.blob}` : `t${content.text}`)
  }
  return `${contents.length}:${(hash >>> 0).toString(16)}`
}
