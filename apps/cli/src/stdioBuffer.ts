// `--max-bytes` above what the SDK's stdio transport accepts in one message (10 MiB) raises
// that limit too, so a read the user allowed is not refused by the transport first.
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@resource-kit/client/node'

/** Room for a message carrying `maxBytes` of contents: base64 is 4/3 of the bytes, plus the JSON around them. */
const ENVELOPE_BYTES = 64 * 1024

/** `{ maxBufferSize }` for stdioServer when `maxBytes` needs more than the default, else nothing. */
export function stdioBuffer(maxBytes: number | undefined): { maxBufferSize?: number } {
  if (maxBytes === undefined) return {}
  const needed = Math.ceil((maxBytes * 4) / 3) + ENVELOPE_BYTES
  return needed > STDIO_DEFAULT_MAX_BUFFER_SIZE ? { maxBufferSize: needed } : {}
}
