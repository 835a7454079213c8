// Types for the two RFC 6570 libraries uriTemplate.ts uses (neither ships its own; the
// DefinitelyTyped ones for uri-templates say values are only strings).

declare module 'uri-templates' {
  type Value = string | readonly string[] | Readonly<Record<string, string>>
  interface UriTemplate {
    /** Expands with the given values (missing ones expand to nothing). */
    fillFromObject(values: Readonly<Record<string, Value | undefined>>): string
    /** The values that expand to `uri`, decoded as the operator encoded them; undefined when it does not match. */
    fromUri(uri: string): Record<string, string | string[] | Record<string, string>> | undefined
    varNames: string[]
  }
  const UriTemplate: new (template: string) => UriTemplate
  export default UriTemplate
}

declare module '@hyperjump/uri-template' {
  interface Variable {
    name: string
    explode: boolean
    maxLength?: string
  }
  type Node = { type: 'literal'; value: string } | { type: string; variables: Variable[] }
  /** Parses a template by the RFC's grammar; throws a "Parse Error" naming the position otherwise. */
  export function parse(template: string): Node[]
}
