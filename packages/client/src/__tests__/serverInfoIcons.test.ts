import { PIXEL_PNG_BASE64 } from '@resource-kit/test-utils'
import { describe, expect, it } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import { safeIconSrc } from '../iconSafety.ts'
import { ScriptedSession } from './scriptedSession.ts'

const png = `data:image/png;base64,${PIXEL_PNG_BASE64}`

describe.each(['modern', 'legacy'] as const)('serverInfo icons (%s)', (era) => {
  it('are filtered by the same policy as list icons', async () => {
    const session = new ScriptedSession(era)
    Object.assign(session.info, {
      serverInfo: {
        name: 'hostile',
        version: '1',
        icons: [
          { src: 'https://e.com/logo.png', sizes: ['32x32'] },
          { src: png },
          { src: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' },
          { src: 'javascript:alert(1)' },
          { src: 'http://e.com/logo.png' },
          { src: 'https://user:pw@e.com/logo.png' },
        ],
      },
    })
    const client = createResourceClient()
    client.addServer('s', { connect: async () => session })
    const snapshot = await client.ready('s')
    expect(snapshot.serverInfo).toEqual({
      name: 'hostile',
      version: '1',
      icons: [{ src: 'https://e.com/logo.png', sizes: ['32x32'] }, { src: png }],
    })
    await client.close()
  })
})

describe('safeIconSrc', () => {
  it('refuses data:image/svg+xml, which the client never keeps either', () => {
    expect(safeIconSrc({ src: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' })).toBeUndefined()
    expect(safeIconSrc([{ src: 'javascript:x' }, { src: png }])).toBe(png)
  })
})
