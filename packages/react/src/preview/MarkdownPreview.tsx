// Markdown from a server, shown safely: raw HTML is dropped (no rehype-raw), links are
// shown but not followed, and images are never fetched (their alt text is shown instead).
import { createContext, type ForwardedRef, forwardRef, type ReactNode, useContext } from 'react'
import Markdown from 'react-markdown'

export interface MarkdownPreviewProps {
  /** The untrusted markdown source. */
  text: string
  /** Called when the user activates a link; links do nothing without it. */
  onLinkClick?: (href: string) => void
  /** Accessible name of the scrollable region. @default 'Markdown preview' */
  label?: string
}

const LinkHandler = createContext<((href: string) => void) | undefined>(undefined)

function Link({ href, children }: { href?: string; children?: ReactNode }) {
  const onLinkClick = useContext(LinkHandler)
  // Never an <a href>: nothing navigates by itself, and the URL shows before any action.
  if (onLinkClick && href) {
    return (
      <button type="button" className="rk-md-link" title={href} onClick={() => onLinkClick(href)}>
        {children}
      </button>
    )
  }
  return (
    <span className="rk-md-link" title={href}>
      {children}
    </span>
  )
}

function Image({ alt }: { alt?: string }) {
  return <span className="rk-md-image">[image{alt ? `: ${alt}` : ''}]</span>
}

const components = { a: Link, img: Image }

/** Renders untrusted markdown without HTML, navigation or remote images. */
export const MarkdownPreview = forwardRef(function MarkdownPreview(
  { text, onLinkClick, label }: MarkdownPreviewProps,
  ref: ForwardedRef<HTMLElement>,
) {
  return (
    // A scrolling region must be reachable by keyboard (WCAG 2.1.1), so it is focusable and named.
    <section
      ref={ref}
      className="rk-markdown"
      data-kind="markdown"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a focusable, labelled scroll region is the accessible pattern
      tabIndex={0}
      aria-label={label ?? 'Markdown preview'}
    >
      <LinkHandler.Provider value={onLinkClick}>
        <Markdown skipHtml components={components}>
          {text}
        </Markdown>
      </LinkHandler.Provider>
    </section>
  )
})
