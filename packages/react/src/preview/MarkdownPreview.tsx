// Markdown from a server, shown safely: raw HTML is dropped (no rehype-raw), links are
// shown but not followed, and images are never fetched (their alt text is shown instead).
import { createContext, type ReactNode, useContext } from 'react'
import Markdown from 'react-markdown'

export interface MarkdownPreviewProps {
  /** The untrusted markdown source. */
  text: string
  /** Called when the user activates a link; links do nothing without it. */
  onLinkClick?: (href: string) => void
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
export function MarkdownPreview({ text, onLinkClick }: MarkdownPreviewProps) {
  return (
    <div className="rk-markdown" data-kind="markdown">
      <LinkHandler.Provider value={onLinkClick}>
        <Markdown skipHtml components={components}>
          {text}
        </Markdown>
      </LinkHandler.Provider>
    </div>
  )
}
