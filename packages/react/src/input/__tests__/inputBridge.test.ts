import type { ElicitationRequest } from '@resource-kit/client'
import { describe, expect, it } from 'vitest'
import { createInputBridge } from '../inputBridge.ts'

const request: ElicitationRequest = { mode: 'form', message: 'Token?', fields: [], schema: {} }

describe('createInputBridge', () => {
  it('lists a request until it is answered, then resolves the handler with the answer', async () => {
    const bridge = createInputBridge()
    let notified = 0
    bridge.subscribe(() => notified++)
    const answer = bridge.handler(request, {
      serverId: 's1',
      uri: 'x://a',
      signal: new AbortController().signal,
    })
    const [pending] = bridge.getSnapshot()
    expect(pending).toMatchObject({ serverId: 's1', uri: 'x://a', request })
    pending!.respond({ action: 'accept', content: { t: 'v' } })
    pending!.respond({ action: 'decline' })
    await expect(answer).resolves.toEqual({ action: 'accept', content: { t: 'v' } })
    expect(bridge.getSnapshot()).toEqual([])
    expect(notified).toBe(2)
  })

  it('cancels and removes a request whose read was aborted', async () => {
    const bridge = createInputBridge()
    const controller = new AbortController()
    const answer = bridge.handler(request, { serverId: 's1', signal: controller.signal })
    expect(bridge.getSnapshot()).toHaveLength(1)
    controller.abort()
    await expect(answer).resolves.toEqual({ action: 'cancel' })
    expect(bridge.getSnapshot()).toEqual([])
  })

  it('answers an already-aborted request with cancel without listing it', async () => {
    const bridge = createInputBridge()
    const answer = bridge.handler(request, { serverId: 's1', signal: AbortSignal.abort() })
    await expect(answer).resolves.toEqual({ action: 'cancel' })
    expect(bridge.getSnapshot()).toEqual([])
  })
})
