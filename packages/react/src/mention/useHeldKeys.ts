// BEHAVIOUR: the keys of a fast typist while an Enter waits for its rows
// (combobox/useHeldActivation.ts). "@readme⏎is the draft⏎" must read as typed: the Enter
// takes the first hit of "readme" once it comes, the text goes in after the chip, and the
// next Enter sends. So while an Enter is held, text and Enters queue, and run in order after
// it, one per render (each reads the composer as the one before left it). Any other key is
// the person editing: the queued text goes in where it would have gone, the queued Enters
// are dropped, and the key does what it does.
import { useEffect, useRef, useState } from 'react'
import { useHeldActivation } from '../combobox/useHeldActivation.ts'
import type { MentionKeyContext } from './mentionKeyboard.ts'

/** A key press, as the composer's key policy reads it. */
export type MentionKey = Pick<MentionKeyContext, 'key' | 'shiftKey' | 'isComposing'>

type Queued = { text: string } | { key: MentionKey }

export interface UseHeldKeysOptions {
  /** The rows shown are not yet the current query's or variable's. */
  pending: boolean
  /** Identifies the list shown (a new one drops a held Enter). */
  listKey: unknown
  /** Acts on a key now, past the queue (the composer's key policy). */
  run: (key: MentionKey) => void
  /** Puts text in at the caret, as typing would. */
  insertText: (text: string) => void
}

/** What `useHeldKeys` returns. */
export interface HeldKeys {
  /** First thing on every key: true when it was queued behind a held Enter. */
  queue: (key: MentionKey, printable: boolean) => boolean
  /** The key policy chose a row with `key`: true when it waits for the list's own rows. */
  hold: (key: MentionKey) => boolean
  /** The person moved the highlight: their Enter is not held. */
  moved: () => void
}

const isEnter = (key: MentionKey) => key.key === 'Enter' && !key.shiftKey && !key.isComposing

export function useHeldKeys(options: UseHeldKeysOptions): HeldKeys {
  const latest = useRef(options)
  latest.current = options
  const queued = useRef<Queued[]>([])
  const [drained, setDrained] = useState(0)

  /** Puts the queued text in now, dropping queued Enters (the person took over). */
  const release = () => {
    const text = queued.current.map((q) => ('text' in q ? q.text : '')).join('')
    queued.current = []
    if (text) latest.current.insertText(text)
  }

  const held = useHeldActivation({
    pending: options.pending,
    listKey: options.listKey,
    onReplay: (key: MentionKey) => {
      latest.current.run(key)
      setDrained((n) => n + 1)
    },
    onDrop: release,
  })

  // One queued entry per render, each on the composer as the last one left it.
  const { isHolding } = held
  // biome-ignore lint/correctness/useExhaustiveDependencies: `drained` is the step counter
  useEffect(() => {
    if (isHolding()) return
    const next = queued.current.shift()
    if (!next) return
    if ('text' in next) latest.current.insertText(next.text)
    else latest.current.run(next.key)
    setDrained((n) => n + 1)
  }, [drained, isHolding])

  return {
    queue: (key, printable) => {
      if (!isHolding() && queued.current.length === 0) return false
      const last = queued.current.at(-1)
      if (printable && !key.isComposing) {
        if (last && 'text' in last) last.text += key.key
        else queued.current.push({ text: key.key })
        return true
      }
      if (isEnter(key)) {
        queued.current.push({ key })
        return true
      }
      held.drop()
      release()
      return false
    },
    hold: held.hold,
    moved: held.moved,
  }
}
