// PARTS: one template variable: a text field (combobox) with the server's suggestions,
// navigated with the package's one list behaviour (combobox/useListNavigation.ts). As in
// the composer, once something is typed its first suggestion is highlighted and Enter
// takes it (a folder value, ending in `/`, keeps the list open to complete inside it);
// Enter on a suggestion equal to the text, or with none, submits the form, and Escape
// closes the list to submit the text as typed. An Enter typed before the suggestions for
// the text arrive waits for them (combobox/useHeldActivation.ts).
import { type KeyboardEvent, useRef, useState } from 'react'
import { useHeldActivation } from '../combobox/useHeldActivation.ts'
import { useListNavigation } from '../combobox/useListNavigation.ts'
import { optionDomId } from '../shared/ids.ts'
import { useTemplateCompletion } from './useTemplateCompletion.ts'

export interface TemplateFieldProps {
  serverId: string
  template: string
  name: string
  required: boolean
  value: string
  onChange: (value: string) => void
  /** The other variables, sent as context.arguments. */
  context: Record<string, string>
  /** @default 200 */
  debounceMs?: number
  id: string
}

/** A variable's input with completion suggestions (kept in the server's order). */
export function TemplateField(props: TemplateFieldProps) {
  const { id, name, required, value, onChange } = props
  const [open, setOpen] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const completion = useTemplateCompletion({
    serverId: props.serverId,
    template: props.template,
    name,
    value,
    context: props.context,
    debounceMs: props.debounceMs,
    enabled: open,
  })
  const suggestions = completion.values
  const listId = `${id}-suggestions`
  const showList = open && suggestions.length > 0

  const choose = (suggestion: string) => {
    onChange(suggestion)
    // A folder is completed inside, as path completion does.
    setOpen(suggestion.endsWith('/'))
  }

  const listKey = `${open} ${value}`
  const navigation = useListNavigation({
    list: { count: suggestions.length },
    // Typing or reopening starts a new list: its first suggestion is highlighted once
    // something is typed (an empty field highlights nothing, so Enter submits).
    listKey,
    initialIndex: value === '' ? -1 : 0,
    open: showList,
    onOpenChange: setOpen,
    optionId: (i) => optionDomId(listId, i),
    onActivate: (i) => {
      const s = suggestions[i]
      if (s !== undefined) choose(s)
    },
    onEscape: () => setOpen(false),
  })
  const active = navigation.highlightedIndex

  /** Enter on suggestion `index`: take it, or submit when it is already the text. */
  const enter = (index: number) => {
    const suggestion = suggestions[index]
    if (suggestion !== undefined && suggestion !== value) return choose(suggestion)
    setOpen(false)
    inputRef.current?.form?.requestSubmit()
  }
  const held = useHeldActivation({
    pending: completion.pending,
    listKey,
    onReplay: () => enter(navigation.highlightedIndex),
  })

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // A closed list leaves Escape to the form (and the dialog around it).
    if (e.key === 'Escape' && !showList) return
    const plainEnter =
      e.key === 'Enter' &&
      !(e.shiftKey || e.altKey || e.ctrlKey || e.metaKey || e.nativeEvent.isComposing)
    if (plainEnter && value !== '' && held.hold()) {
      e.preventDefault()
      return
    }
    const action = navigation.resolve(e)
    if (action?.type === 'highlight') held.moved()
    else if (action) held.drop()
    // Already the text: the form's own Enter submits it.
    if (action?.type === 'activate' && suggestions[action.index] === value) {
      setOpen(false)
      return
    }
    navigation.onKeyDown(e)
  }

  const more =
    completion.total !== undefined && completion.total > suggestions.length
      ? `Showing ${suggestions.length} of ${completion.total}`
      : completion.hasMore
        ? 'More available — keep typing to narrow'
        : undefined

  return (
    <div className="rk-field" data-required={required || undefined}>
      <label htmlFor={id}>
        {name}
        <span className="rk-field-hint">{required ? ' (required)' : ' (optional)'}</span>
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={navigation.activeDescendant}
        aria-required={required || undefined}
        aria-busy={completion.isFetching || undefined}
        autoComplete="off"
        value={value}
        onChange={(e) => {
          onChange(e.target.value)
          setOpen(true)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {/* The listbox stays in the DOM so aria-controls always points at something. */}
      <div
        id={listId}
        role="listbox"
        aria-label={`Suggestions for ${name}`}
        className="rk-suggestions"
        hidden={!showList}
      >
        {suggestions.map((s, i) => (
          // Keys reach options through the input (aria-activedescendant); options never take focus.
          // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard is handled by the combobox input
          <div
            key={s}
            id={optionDomId(listId, i)}
            role="option"
            aria-selected={i === active}
            tabIndex={-1}
            className="rk-suggestion"
            data-highlighted={i === active || undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(s)}
          >
            {s}
          </div>
        ))}
        {more && (
          <div role="presentation" className="rk-suggestions-more">
            {more}
          </div>
        )}
      </div>
    </div>
  )
}
