import { describe, expect, it } from 'vitest'
import { type MentionKeyContext, resolveMentionKey } from '../mentionKeyboard.ts'

const open: MentionKeyContext = {
  key: '',
  shiftKey: false,
  isComposing: false,
  open: true,
  count: 5,
  activeIndex: 0,
  mode: 'resource',
  queryEmpty: false,
  dismissed: false,
}
const closed: MentionKeyContext = { ...open, open: false, count: 0 }
const key = (ctx: MentionKeyContext, k: string, extra: Partial<MentionKeyContext> = {}) =>
  resolveMentionKey({ ...ctx, key: k, ...extra })

describe('resolveMentionKey', () => {
  it('moves the active option with arrows (stopping at the ends) and pages', () => {
    expect(key(open, 'ArrowDown')).toEqual({ type: 'move', index: 1 })
    expect(key(open, 'ArrowUp')).toEqual({ type: 'move', index: 0 })
    expect(key(open, 'ArrowDown', { activeIndex: 4 })).toEqual({ type: 'move', index: 4 })
    expect(key(open, 'PageDown')).toEqual({ type: 'move', index: 4 })
    expect(key(open, 'PageUp', { activeIndex: 3 })).toEqual({ type: 'move', index: 0 })
  })

  it('chooses with Enter; Tab moves focus on; Shift+Enter is a new line', () => {
    expect(key(open, 'Enter', { activeIndex: 2 })).toEqual({ type: 'choose', index: 2 })
    expect(key(open, 'Tab')).toBeNull()
    expect(key(open, 'Enter', { shiftKey: true })).toBeNull()
  })

  it('takes a template value with Tab (path completion), but not Shift+Tab or with no rows', () => {
    expect(key(open, 'Tab', { mode: 'value', activeIndex: 1 })).toEqual({
      type: 'choose',
      index: 1,
    })
    expect(key(open, 'Tab', { mode: 'value', shiftKey: true })).toBeNull()
    expect(key({ ...open, count: 0 }, 'Tab', { mode: 'value' })).toBeNull()
  })

  it('closes with Escape; in a template draft Escape cancels it', () => {
    expect(key(open, 'Escape')).toEqual({ type: 'dismiss' })
    expect(key(open, 'Escape', { mode: 'value' })).toEqual({ type: 'cancelDraft' })
    expect(key(closed, 'Escape')).toBeNull()
  })

  it('steps back through template variables with Backspace on an empty value only', () => {
    expect(key(open, 'Backspace', { mode: 'value', queryEmpty: true })).toEqual({ type: 'back' })
    expect(key(open, 'Backspace', { mode: 'value' })).toBeNull()
    expect(key(open, 'Backspace', { queryEmpty: true })).toBeNull()
  })

  it('sends with Enter when the popup is closed, and reopens a dismissed one with ArrowDown', () => {
    expect(key(closed, 'Enter')).toEqual({ type: 'submit' })
    expect(key(closed, 'Enter', { shiftKey: true })).toBeNull()
    expect(key(closed, 'ArrowDown', { dismissed: true })).toEqual({ type: 'reopen' })
    expect(key(closed, 'ArrowDown')).toBeNull()
  })

  it('sends an @query without matches as text, waits for a template value, leaves IME keys alone', () => {
    expect(key({ ...open, count: 0 }, 'Enter')).toEqual({ type: 'submit' })
    expect(key({ ...open, count: 0, mode: 'value' }, 'Enter')).toEqual({ type: 'ignore' })
    expect(key({ ...open, count: 0 }, 'ArrowDown')).toBeNull()
    expect(key(open, 'Enter', { isComposing: true })).toBeNull()
  })
})
