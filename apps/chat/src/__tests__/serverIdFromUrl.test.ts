import { describe, expect, it } from 'vitest'
import { serverIdFromUrl } from '../servers/serverIdFromUrl.ts'

describe('serverIdFromUrl', () => {
  it('reads host, port and the meaningful path segments', () => {
    const none = new Set<string>()
    expect(serverIdFromUrl('http://127.0.0.1:4000/mcp', none)).toBe('127.0.0.1-4000')
    expect(serverIdFromUrl('https://www.mcp.example.com/github/mcp', none)).toBe(
      'mcp.example.com-github',
    )
    expect(serverIdFromUrl('https://api.example.com/v1/sse?token=x', none)).toBe('api.example.com')
    expect(serverIdFromUrl('http://[::1]:8080/My Server/', none)).toBe('1-8080-my-20server')
  })

  it('keeps ids unique', () => {
    expect(serverIdFromUrl('http://h/mcp', new Set(['h', 'h-2']))).toBe('h-3')
  })
})
