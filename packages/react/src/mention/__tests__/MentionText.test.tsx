// MentionText: stored text shown with its mentions as chips, never as HTML.
import { render } from '@testing-library/react'
import { createRef } from 'react'
import { describe, expect, it } from 'vitest'
import { MentionText } from '../MentionText.tsx'
import { formatMentionToken } from '../mentionToken.ts'

const readme = { serverId: 'demo', uri: 'file:///workspace/README.md', label: 'Readme' }

describe('MentionText', () => {
  it('shows each mention as a chip with its label, and where it points in its title', () => {
    const { container } = render(
      <MentionText text={`see ${formatMentionToken(readme)} and summarize`} />,
    )
    const chip = container.querySelector('.rk-mention')
    expect(chip?.textContent).toBe('@Readme')
    expect(chip?.getAttribute('title')).toBe('demo: file:///workspace/README.md')
    expect(container.textContent).toBe('see @Readme and summarize')
  })

  it('renders text as text: markup a message holds is not HTML', () => {
    const text = `<img src=x onerror=alert(1)> ${formatMentionToken({ ...readme, label: '<b>x</b>' })}`
    const { container } = render(<MentionText text={text} />)
    expect(container.querySelector('img, b')).toBeNull()
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> @<b>x</b>')
  })

  it('takes the host’s rendering of a mention, and forwards its ref', () => {
    const ref = createRef<HTMLSpanElement>()
    const { container } = render(
      <MentionText
        ref={ref}
        className="message"
        text={formatMentionToken(readme)}
        renderMention={(m) => <a href={`#${m.uri}`}>{m.label}</a>}
      />,
    )
    expect(container.querySelector('a')?.getAttribute('href')).toBe('#file:///workspace/README.md')
    expect(ref.current?.className).toBe('rk-mention-text message')
  })
})
