import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@resource-kit/client/node'
import { describe, expect, it } from 'vitest'
import { stdioBuffer } from '../stdioBuffer.ts'

describe('stdioBuffer', () => {
  it('keeps the SDK default until --max-bytes needs more, then makes room for it base64-encoded', () => {
    expect(stdioBuffer(undefined)).toEqual({})
    expect(stdioBuffer(1024)).toEqual({})
    const size = stdioBuffer(30 * 1024 * 1024).maxBufferSize ?? 0
    expect(size).toBeGreaterThan(STDIO_DEFAULT_MAX_BUFFER_SIZE)
    expect(size).toBeGreaterThanOrEqual(40 * 1024 * 1024)
  })
})
