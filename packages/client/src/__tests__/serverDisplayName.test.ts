import { describe, expect, it } from 'vitest'
import { serverDisplayNames, shortLocation } from '../serverDisplayName.ts'

describe('serverDisplayNames', () => {
  it('prefers the host’s name, then the server’s title, then its name, then the id', () => {
    const names = serverDisplayNames([
      { id: 'a', hostName: 'Docs', serverInfo: { title: 'Server title', name: 'srv' } },
      { id: 'b', serverInfo: { title: 'Server title', name: 'srv' } },
      { id: 'c', serverInfo: { name: 'just-a-name' } },
      { id: 'd', serverInfo: { title: '   ', name: 42 } },
    ])
    expect([...names]).toEqual([
      ['a', 'Docs'],
      ['b', 'Server title'],
      ['c', 'just-a-name'],
      ['d', 'd'],
    ])
  })

  it('tells two servers with the same name apart by where they are, then by id', () => {
    const names = serverDisplayNames([
      { id: 'one', serverInfo: { name: 'mcp-server' }, location: 'http://127.0.0.1:4000/mcp' },
      { id: 'two', serverInfo: { name: 'MCP-Server' }, location: 'https://mcp.example.com/' },
      { id: 'three', serverInfo: { name: 'mcp-server' } },
      { id: 'x', hostName: 'Same', location: 'http://h/mcp' },
      { id: 'y', hostName: 'Same', location: 'http://h/mcp' },
    ])
    expect(names.get('one')).toBe('mcp-server (127.0.0.1:4000/mcp)')
    expect(names.get('two')).toBe('MCP-Server (mcp.example.com)')
    expect(names.get('three')).toBe('mcp-server (three)')
    expect(names.get('x')).toBe('Same (h/mcp) [x]')
    expect(names.get('y')).toBe('Same (h/mcp) [y]')
  })

  it('drops control and bidi characters from untrusted names and caps their length', () => {
    const names = serverDisplayNames([
      { id: 'a', serverInfo: { title: 'Evil\u202e\u0007 name' } },
      { id: 'b', serverInfo: { title: 'x'.repeat(500) } },
    ])
    expect(names.get('a')).toBe('Evil name')
    expect(names.get('b')).toHaveLength(80)
  })

  it('shortens a URL to host and path, and keeps a command as it is', () => {
    expect(shortLocation('https://mcp.example.com/v1/mcp/?token=secret')).toBe(
      'mcp.example.com/v1/mcp',
    )
    expect(shortLocation('npx -y @modelcontextprotocol/server-everything')).toBe(
      'npx -y @modelcontextprotocol/server-everything',
    )
  })
})
