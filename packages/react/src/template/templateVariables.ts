// Which template variables a URI needs. The client's helpers list and expand variables;
// the hint only needs each expression's operator: `{?x}` and `{&x}` are query parameters
// (optional), every other expression is part of the path (required).
import { templateVariables } from '@resource-kit/client'

export interface TemplateVariable {
  /** The variable's name (sent to completion/complete). */
  name: string
  /** The name the client's expandTemplate expects (the SDK keeps a `:N` prefix modifier). */
  key: string
  required: boolean
}

/** The template's variables in order, each with a required/optional hint. */
export function describeTemplateVariables(template: string): TemplateVariable[] {
  const optional = new Set<string>()
  let at = template.indexOf('{')
  while (at !== -1) {
    const end = template.indexOf('}', at)
    if (end === -1) break
    const expression = template.slice(at + 1, end)
    if (expression.startsWith('?') || expression.startsWith('&')) {
      for (const spec of expression.slice(1).split(','))
        optional.add((spec.split(/[:*]/)[0] ?? '').trim())
    }
    at = template.indexOf('{', end)
  }
  return templateVariables(template).map((key) => {
    const name = (key.split(/[:*]/)[0] ?? '').trim()
    return { name, key, required: !optional.has(name) }
  })
}
