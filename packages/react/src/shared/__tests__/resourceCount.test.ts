import { describe, expect, it } from 'vitest'
import { liveMessage } from '../../picker/pickerPropGetters.ts'
import { countResources, isSourceBusy, resourceCountText } from '../resourceCount.ts'
import type { PickerSource } from '../sourceTypes.ts'

const source = (extra: Partial<PickerSource> = {}): PickerSource => ({
  serverId: 'demo',
  status: 'ready',
  resources: [
    { uri: 'a://1', name: 'one' },
    { uri: 'a://2', name: 'two', annotations: { audience: ['assistant'] } },
  ],
  templates: [{ uriTemplate: 'a://{x}', name: 'x' }],
  ...extra,
})

describe('resource counts', () => {
  it('counts templates apart from resources, with + while more pages exist', () => {
    expect(resourceCountText(countResources([source()]))).toBe('2 resources · 1 template')
    expect(resourceCountText(countResources([source({ hasMore: true, templates: [] })]))).toBe(
      '2+ resources',
    )
    expect(resourceCountText(countResources([source()], true))).toBe('1 resource · 1 template')
    expect(resourceCountText(countResources([source(), source({ serverId: 'b' })]))).toBe(
      '4 resources · 2 templates',
    )
  })

  it('is what the picker’s live region says while browsing (templates not counted as resources)', () => {
    const loaded = countResources([source()])
    expect(liveMessage('', 3, loaded)).toBe('2 resources · 1 template')
    expect(liveMessage('x', 3, loaded)).toBe('3 results')
  })

  it('waits while a server connects or pages arrive', () => {
    expect(isSourceBusy(source({ loadingMore: true }))).toBe(true)
    expect(isSourceBusy(source({ status: 'loading' }))).toBe(true)
    expect(isSourceBusy(source())).toBe(false)
  })
})
