// PARTS: the two lines of an @ option: its label, then where a resource or template lives
// (its URI, the last segment always shown) or a value option's hint; search matches marked.
import { PickerHighlight } from '../shared/PickerHighlight.tsx'
import { ResourceLocation } from '../shared/ResourceLocation.tsx'
import type { MentionOption } from './mentionOptions.ts'

export function MentionOptionLabel({ option }: { option: MentionOption }) {
  const source =
    option.kind === 'resource'
      ? option.resource
      : option.kind === 'template'
        ? option.template
        : undefined
  const key = source?.title ? 'title' : 'name'
  const ranges = source && option.label === source[key] ? rangesOf(option, key) : undefined
  return (
    <span className="rk-mention-option-label">
      <PickerHighlight text={option.label} ranges={ranges} />
    </span>
  )
}

function rangesOf(option: MentionOption, key: 'name' | 'title' | 'uri') {
  return option.matches?.find((m) => m.key === key)?.ranges
}

export function MentionOptionDetail({ option }: { option: MentionOption }) {
  if (option.kind === 'value') {
    return option.detail ? <span className="rk-mention-option-detail">{option.detail}</span> : null
  }
  const uri = option.kind === 'resource' ? option.resource.uri : option.template.uriTemplate
  const ranges = rangesOf(option, 'uri')
  return <ResourceLocation className="rk-mention-option-detail" uri={uri} ranges={ranges} />
}
