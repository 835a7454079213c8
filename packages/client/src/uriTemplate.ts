// RFC 6570 URI templates, Level 4 (every operator, explode `*` and prefix `:N`): list a
// template's variables, expand it, and match a concrete URI back to the values that
// expand to it. One table drives all three: the RFC's own expansion table (Appendix A) says,
// per operator, what comes first, what separates, whether names are shown and which
// characters pass unencoded; the matcher reads an expression's text back with the same row.
// The grammar is the RFC's (an invalid template is refused). Checked against the RFC's §3.2
// examples and round-trip properties (uriTemplate.test.ts). No library: the two this replaced
// (one to parse, one to expand and match) were 3.6 KB gzip of every page with a picker.
import type { ResourceTemplate } from './types.ts'

/** Variable values: a string, or a list (`{/segs*}`, `{?list*}`, `{.ext}`…). */
export type TemplateVariables = Record<string, string | string[]>

/** An RFC 6570 expression operator; `''` is simple string expansion. */
export type TemplateOperator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&'

/** One variable of a template, as the RFC's grammar reads it. */
export interface TemplateVariableSpec {
  name: string
  /** The operator of its expression: `?` and `&` are query parameters. */
  operator: TemplateOperator
  /** `*`: a list expands one item per segment / parameter. */
  explode: boolean
  /** `:N`: only the first N characters are expanded. */
  maxLength?: number
}

/** A parsed template. */
export interface ParsedTemplate {
  readonly template: string
  /** Every variable in order of appearance (a name used twice appears twice). */
  readonly variables: readonly TemplateVariableSpec[]
  /** The distinct variable names, in order. */
  readonly variableNames: readonly string[]
  expand(values: TemplateVariables): string
  match(uri: string): TemplateVariables | undefined
}

/** RFC 6570 Appendix A: how each operator expands. */
interface OperatorRow {
  first: string
  sep: string
  /** `name=value` pairs. */
  named: boolean
  /** What follows a name whose value is the empty string. */
  ifEmpty: string
  /** Reserved characters and percent-encoded triplets pass as they are (`+`, `#`). */
  reserved: boolean
}

const ROWS: Record<TemplateOperator, OperatorRow> = {
  '': { first: '', sep: ',', named: false, ifEmpty: '', reserved: false },
  '+': { first: '', sep: ',', named: false, ifEmpty: '', reserved: true },
  '.': { first: '.', sep: '.', named: false, ifEmpty: '', reserved: false },
  '/': { first: '/', sep: '/', named: false, ifEmpty: '', reserved: false },
  ';': { first: ';', sep: ';', named: true, ifEmpty: '', reserved: false },
  '?': { first: '?', sep: '&', named: true, ifEmpty: '=', reserved: false },
  '&': { first: '&', sep: '&', named: true, ifEmpty: '=', reserved: false },
  '#': { first: '#', sep: ',', named: false, ifEmpty: '', reserved: true },
}

/** An expression: `{` operator variable-list `}`. */
interface Expression {
  row: OperatorRow
  variables: TemplateVariableSpec[]
}

/** A variable specifier: a (dotted) name of letters, digits, `_` and triplets, then `:N` or `*`. */
const VARSPEC = /^((?:\w|%[\dA-Fa-f]{2})+(?:\.(?:\w|%[\dA-Fa-f]{2})+)*)(?::([1-9]\d*)|(\*))?$/
const UNRESERVED = /[\w.~-]/
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/
const TRIPLET = /^%[\dA-Fa-f]{2}/

/** The template as literals and expressions; `undefined` where the grammar refuses it. */
function parseParts(template: string): (string | Expression)[] | undefined {
  const parts: (string | Expression)[] = []
  let at = 0
  while (at < template.length) {
    const open = template.indexOf('{', at)
    const literal = template.slice(at, open < 0 ? undefined : open)
    if (literal.includes('}')) return undefined
    if (literal) parts.push(literal)
    if (open < 0) break
    const close = template.indexOf('}', open)
    if (close < 0) return undefined
    const body = template.slice(open + 1, close)
    const operator = (body[0] && '+#./;?&'.includes(body[0]) ? body[0] : '') as TemplateOperator
    const variables: TemplateVariableSpec[] = []
    for (const spec of body.slice(operator.length).split(',')) {
      const found = VARSPEC.exec(spec)
      if (!found) return undefined
      variables.push({
        name: found[1]!,
        operator,
        explode: found[3] !== undefined,
        ...(found[2] !== undefined && { maxLength: Number(found[2]) }),
      })
    }
    parts.push({ row: ROWS[operator], variables })
    at = close + 1
  }
  return parts
}

/** Percent-encodes what the operator does not let through (UTF-8, upper-case hex). */
function encode(text: string, reserved: boolean): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (UNRESERVED.test(char) || (reserved && RESERVED.test(char))) out += char
    else if (reserved && TRIPLET.test(text.slice(i, i + 3))) out += char
    else {
      // A whole code point (a surrogate pair is one); `!'()*` are not unreserved either.
      const point = String.fromCodePoint(text.codePointAt(i)!)
      if (point.length === 2) i++
      out += encodeURIComponent(point).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      )
    }
  }
  return out
}

function expandExpression({ row, variables }: Expression, values: TemplateVariables): string {
  const out: string[] = []
  const named = (name: string, value: string) =>
    value === '' ? name + row.ifEmpty : `${name}=${encode(value, row.reserved)}`
  for (const variable of variables) {
    const value: unknown = values[variable.name]
    if (Array.isArray(value)) {
      const items = value.map(String)
      if (items.length === 0) continue // an empty list is undefined (§2.3)
      if (variable.explode) {
        for (const item of items)
          out.push(row.named ? named(variable.name, item) : encode(item, row.reserved))
      } else {
        const joined = items.map((item) => encode(item, row.reserved)).join(',')
        out.push(row.named ? `${variable.name}=${joined}` : joined)
      }
    } else if (value !== undefined && value !== null) {
      let text = String(value)
      if (variable.maxLength !== undefined) text = [...text].slice(0, variable.maxLength).join('')
      out.push(row.named ? named(variable.name, text) : encode(text, row.reserved))
    }
  }
  return out.length > 0 ? row.first + out.join(row.sep) : ''
}

/** What an expression's expansion can hold: the characters the row lets through, its separators. */
function expansionClass(row: OperatorRow): string {
  const allowed = row.reserved ? "\\w.~%:/?#[\\]@!$&'()*+,;=-" : `\\w.~%,=${row.sep}-`
  return `[${allowed}]*`
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

/** Reads one expression's text back into `result`; false when a value does not decode. */
function readExpression(
  { row, variables }: Expression,
  text: string,
  result: TemplateVariables,
): boolean {
  // Reserved expansion leaves triplets as they were, so a value that fails to decode stays as it is.
  const decode = row.reserved ? decodeReserved : decodeURIComponent
  const assign = (variable: TemplateVariableSpec, pieces: string[]) => {
    const values = pieces.map(decode)
    const known = result[variable.name]
    if (known !== undefined) result[variable.name] = [known, values].flat()
    else result[variable.name] = variable.explode || values.length > 1 ? values : values[0]!
  }
  try {
    const pieces = text.split(row.sep)
    if (row.named) {
      for (const piece of pieces) {
        const equals = piece.indexOf('=')
        const name = equals < 0 ? piece : piece.slice(0, equals)
        const variable = variables.find((candidate) => candidate.name === name)
        if (!variable) continue // a parameter the template does not name
        const value = equals < 0 ? '' : piece.slice(equals + 1)
        assign(variable, variable.explode ? [value] : value.split(','))
      }
      return true
    }
    // Positional: one piece a variable, but the first exploded one (or a lone variable)
    // takes every piece the others leave.
    const greedy = variables.findIndex((v) => v.explode || variables.length === 1)
    let next = 0
    variables.forEach((variable, index) => {
      if (next >= pieces.length) return
      const take = index === greedy ? Math.max(1, pieces.length - (variables.length - 1)) : 1
      const own = pieces.slice(next, next + take)
      next += take
      // A list that is not exploded is joined by commas whatever the operator's separator.
      assign(variable, variable.explode || row.sep === ',' ? own : own.join(row.sep).split(','))
    })
    return true
  } catch {
    return false // a stray `%` in a value that should have been encoded: not this template
  }
}

/** A parsed template; `undefined` when the string is not a valid RFC 6570 template. */
export function parseTemplate(template: string): ParsedTemplate | undefined {
  const parts = parseParts(template)
  if (!parts) return undefined
  const expressions = parts.filter((part): part is Expression => typeof part !== 'string')
  const variables = expressions.flatMap((expression) => expression.variables)
  let matcher: RegExp | undefined
  return {
    template,
    variables,
    variableNames: [...new Set(variables.map((variable) => variable.name))],
    expand: (values) =>
      parts
        .map((part) => (typeof part === 'string' ? part : expandExpression(part, values)))
        .join(''),
    match(uri) {
      matcher ??= new RegExp(
        `^${parts
          .map((part) => {
            if (typeof part === 'string') return escapeRegExp(part)
            const body = `(${expansionClass(part.row)})`
            return part.row.first ? `(?:${escapeRegExp(part.row.first)}${body})?` : body
          })
          .join('')}$`,
      )
      const found = matcher.exec(uri)
      if (!found) return undefined
      const result: TemplateVariables = {}
      for (const [i, expression] of expressions.entries()) {
        const text = found[i + 1]
        if (text !== undefined && !readExpression(expression, text, result)) return undefined
      }
      return result
    },
  }
}

/** The distinct variable names of a template, in order (empty for an invalid template). */
export function templateVariables(template: string): string[] {
  return [...(parseTemplate(template)?.variableNames ?? [])]
}

/** Expands the template with the given values (missing variables expand to nothing). */
export function expandTemplate(template: string, variables: TemplateVariables): string {
  const parsed = parseTemplate(template)
  if (!parsed) throw new TypeError(`Not a valid URI template: ${template}`)
  return parsed.expand(variables)
}

/**
 * The variables that expand `template` to `uri`, or `undefined` when it does not match.
 * Values come back percent-decoded, so matching undoes expanding.
 */
export function matchTemplate(template: string, uri: string): TemplateVariables | undefined {
  return parseTemplate(template)?.match(uri)
}

function decodeReserved(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value // a stray `%` in the URI: keep it as it is
  }
}

/** The first template (in the given order) that `uri` matches, with its variables. */
export function findTemplate(
  templates: readonly ResourceTemplate[],
  uri: string,
): { template: ResourceTemplate; variables: TemplateVariables } | undefined {
  for (const template of templates) {
    const variables = matchTemplate(template.uriTemplate, uri)
    if (variables) return { template, variables }
  }
  return undefined
}
