// PARTS: the chat input with @-mention. The popup sits at the `@` of the query (Floating
// UI with a virtual reference), in a portal so no overflow clips it. Unstyled apart from
// class names and `data-*` attributes; the default theme styles `.rk-mention*`.
import {
  autoUpdate,
  FloatingPortal,
  flip,
  offset,
  shift,
  size,
  useFloating,
} from '@floating-ui/react'
import {
  type ForwardedRef,
  forwardRef,
  memo,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
} from 'react'
import { formatCount } from '../collection/formatCount.ts'
import { mimeIcon } from '../collection/mimeIcon.ts'
import { mergeRefs } from '../shared/composeHandlers.ts'
import { SERVER_DOWN_TEXT } from '../shared/sourceDown.ts'
import { statusText } from '../shared/statusText.ts'
import { VISUALLY_HIDDEN_CLASS, visuallyHiddenStyle } from '../shared/visuallyHidden.ts'
import { MentionOptionDetail, MentionOptionLabel } from './MentionOptionText.tsx'
import { isFolderValue, type MentionOption } from './mentionOptions.ts'
import type { MentionRef } from './mentionToken.ts'
import {
  type InsertMentionOptions,
  type MentionComposerApi,
  type UseMentionComposerOptions,
  useMentionComposer,
} from './useMentionComposer.ts'
import { useMentionWindow } from './useMentionWindow.ts'

/** What a parent can do with a composer through its `ref`. */
export interface MentionComposerHandle {
  /** Insert a mention chip at the caret (or at the end); `{ focus: false }` leaves focus where it is. */
  insertMention(mention: MentionRef, options?: InsertMentionOptions): void
  /** The draft as plain text with mention tokens. */
  getValue(): string
  /** Replace the draft. */
  setValue(value: string): void
  /** Send the draft as if Enter was pressed. */
  submit(): void
  focus(): void
}

export interface MentionComposerProps extends UseMentionComposerOptions {
  /** Shown while the draft is empty. @default 'Message… type @ to mention a resource' */
  placeholder?: string
  /** Accessible name of the input. @default 'Message' */
  'aria-label'?: string
  /** A longer description read after the name. @default the keyboard help */
  description?: string
  className?: string
}

const HELP =
  'Type @ to mention a resource, @server: to search one server. Enter sends, Shift+Enter adds a line.'

/** A message input where `@` opens a resource picker at the caret. */
export const MentionComposer = forwardRef(function MentionComposer(
  props: MentionComposerProps,
  ref: ForwardedRef<MentionComposerHandle>,
) {
  const {
    placeholder = 'Message… type @ to mention a resource',
    'aria-label': ariaLabel = 'Message',
    description = HELP,
    className,
    ...options
  } = props
  const api = useMentionComposer(options)
  useImperativeHandle(
    ref,
    () => ({
      insertMention: api.insertMention,
      getValue: api.getValue,
      setValue: api.setValue,
      submit: api.submit,
      focus: () => api.editorRef.current?.focus(),
    }),
    [api.insertMention, api.getValue, api.setValue, api.submit, api.editorRef],
  )
  const helpId = `${api.listboxId}-help`
  return (
    <div
      className={['rk-composer', className].filter(Boolean).join(' ')}
      data-open={api.open ? '' : undefined}
    >
      <div
        {...api.getEditorProps({
          'aria-label': ariaLabel,
          'aria-describedby': helpId,
          className: 'rk-composer-input',
        })}
        data-placeholder={placeholder}
        spellCheck
      />
      <span id={helpId} hidden>
        {description}
      </span>
      <span
        className={VISUALLY_HIDDEN_CLASS}
        style={visuallyHiddenStyle}
        role="status"
        aria-live="polite"
        aria-atomic="true"
      >
        {api.announcement}
      </span>
      {api.open && <MentionPopup api={api} />}
    </div>
  )
})

/** The listbox at the caret; rendered only while the popup is open. */
export const MentionPopup = forwardRef(function MentionPopup(
  { api }: { api: MentionComposerApi },
  ref: ForwardedRef<HTMLElement>,
) {
  const { refs, floatingStyles, update } = useFloating({
    open: true,
    placement: 'top-start',
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(6),
      flip({ fallbackPlacements: ['bottom-start'], padding: 8 }),
      shift({ padding: 8 }),
      size({
        padding: 8,
        apply({ availableHeight, elements }) {
          // Written only when it changes: each write re-triggers the ResizeObserver.
          const maxHeight = `${Math.floor(Math.max(120, Math.min(360, availableHeight)))}px`
          if (elements.floating.style.maxHeight !== maxHeight) {
            elements.floating.style.maxHeight = maxHeight
          }
        },
      }),
    ],
  })
  const anchor = useRef(api)
  anchor.current = api
  useLayoutEffect(() => {
    const contextElement = anchor.current.editorRef.current ?? undefined
    refs.setPositionReference({
      contextElement,
      getBoundingClientRect: () =>
        anchor.current.anchorRect() ?? contextElement?.getBoundingClientRect() ?? new DOMRect(),
    })
  }, [refs])
  // The caret moved (typing, a chosen value): place the popup again if its anchor moved.
  // Most keys leave the `@` where it was; a resize of the editor or the popup is
  // autoUpdate's. Placing costs three overflow checks of every clipping ancestor.
  const { caretVersion } = api
  const placedAt = useRef<string | null>(null)
  useLayoutEffect(() => {
    void caretVersion
    const rect = anchor.current.anchorRect()
    const at = rect ? `${rect.left},${rect.top},${rect.height}` : null
    if (at !== null && at === placedAt.current) return
    placedAt.current = at
    update()
  }, [caretVersion, update])

  const rows = useMentionWindow(api.options.length, api.activeIndex)
  const heading =
    api.mode === 'value' && api.draft
      ? `${api.draft.template.title || api.draft.template.name} › ${api.variable}`
      : 'Resources'
  return (
    <FloatingPortal>
      {/* A named section is a region landmark: portalled to the end of the body, the popup
          would otherwise sit outside every landmark of the page. */}
      <section
        ref={mergeRefs(refs.setFloating, ref)}
        style={floatingStyles}
        className="rk-mention-popup"
        data-mode={api.mode}
        aria-label="Mention suggestions"
      >
        <div className="rk-mention-popup-header" aria-hidden="true">
          <span>{heading}</span>
          <span className="rk-mention-popup-count">
            {api.completing ? 'Loading…' : countText(api)}
          </span>
        </div>
        <ul
          {...api.getListboxProps({
            'aria-label': api.mode === 'value' ? `Values for ${api.variable}` : 'Resources',
            className: 'rk-mention-listbox',
            style: rows.listStyle,
          })}
          ref={rows.listRef}
        >
          {rows.indices.map((index) => {
            const option = api.options[index]
            // Keyed by place: a keystroke's new suggestions update the items shown in place.
            return (
              option && (
                <li
                  key={index}
                  ref={rows.rowRef}
                  data-index={index}
                  {...api.getOptionProps({ index, className: 'rk-mention-option' })}
                >
                  <OptionContent option={option} />
                </li>
              )
            )
          })}
        </ul>
        {api.options.length === 0 && (
          <p className="rk-mention-empty">
            {api.completionError
              ? `Could not load suggestions: ${api.completionError.message}`
              : api.mode === 'value'
                ? 'Type a value and press Enter.'
                : 'No matching resources.'}
          </p>
        )}
        {api.mode === 'resource' && api.unavailable.length > 0 && (
          <ul className="rk-mention-status" aria-label="Servers not listed">
            {api.unavailable.map((source) => (
              <li key={source.serverId} data-status={source.status}>
                <span>{statusText(source)}</span>
                {source.retry && (
                  <button
                    type="button"
                    tabIndex={-1}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => source.retry?.()}
                  >
                    Retry
                  </button>
                )}
                {source.signIn && !source.signingIn && (
                  <button
                    type="button"
                    tabIndex={-1}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => source.signIn?.()}
                  >
                    Sign in
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {api.more && (
          <p className="rk-mention-more">
            {api.exact ? `${formatCount(api.total - api.options.length)} more` : 'More matches'} —
            keep typing to narrow
          </p>
        )}
      </section>
    </FloatingPortal>
  )
})

function countText(api: MentionComposerApi): string {
  // The same count the live region announces.
  if (api.mode === 'value')
    return `${api.suggestions} ${api.suggestions === 1 ? 'suggestion' : 'suggestions'}`
  if (!api.exact) return `${api.options.length}+ matches`
  return `${formatCount(api.total)} ${api.total === 1 ? 'match' : 'matches'}`
}

/** Memoized: a keystroke renders the popup before its hits arrive, with the same options. */
const OptionContent = memo(function OptionContent({ option }: { option: MentionOption }) {
  const badge =
    option.kind === 'template' ? 'Template' : option.kind === 'value' ? '' : kindOf(option)
  return (
    <>
      <span className="rk-mention-option-icon" data-kind={option.kind} aria-hidden="true">
        {/* The side picker's icon set (theme.css), not glyphs of its own. A value's icon is
            the "go into" chevron, so only a folder value has one: a leaf value is final. */}
        {(option.kind !== 'value' || isFolderValue(option)) && (
          <span
            className="rk-mime-icon"
            data-icon={
              option.kind === 'resource'
                ? mimeIcon(option.resource.mimeType, option.resource.uri)
                : option.kind
            }
          />
        )}
      </span>
      <span className="rk-mention-option-text">
        <MentionOptionLabel option={option} />
        <MentionOptionDetail option={option} />
      </span>
      {'serverName' in option && (
        <span className="rk-mention-option-server">
          {badge ? `${badge} · ` : ''}
          {option.serverName}
          {option.serverDown && (
            <>
              {' '}
              <span className="rk-mention-option-down">{SERVER_DOWN_TEXT}</span>
            </>
          )}
        </span>
      )}
    </>
  )
})

function kindOf(option: Extract<MentionOption, { kind: 'resource' }>): string {
  const mime = option.resource.mimeType ?? ''
  if (mime.startsWith('image/')) return 'Image'
  if (mime === 'inode/directory') return 'Folder'
  if (mime.includes('json')) return 'JSON'
  if (mime.includes('markdown')) return 'Markdown'
  if (mime.startsWith('text/')) return 'Text'
  return mime ? 'File' : ''
}
