// Which template variables a URI needs, read from the client's RFC 6570 parser (the one
// owner of template parsing): `{?x}` and `{&x}` are query parameters (optional), every
// other expression is part of the path (required).
import { parseTemplate } from '@resource-kit/client'

export interface TemplateVariable {
  /** The variable's name (sent to completion/complete). */
  name: string
  /** The name the client's expandTemplate expects (the variable name, without modifiers). */
  key: string
  required: boolean
}

/** The template's variables in order (each name once), with a required/optional hint. */
export function describeTemplateVariables(template: string): TemplateVariable[] {
  const seen = new Map<string, TemplateVariable>()
  for (const v of parseTemplate(template)?.variables ?? []) {
    const required = v.operator !== '?' && v.operator !== '&'
    const known = seen.get(v.name)
    // A name used in the path and the query is needed by the path.
    if (known) known.required ||= required
    else seen.set(v.name, { name: v.name, key: v.name, required })
  }
  return [...seen.values()]
}
