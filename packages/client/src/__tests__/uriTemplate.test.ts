import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  expandTemplate,
  findTemplate,
  matchTemplate,
  parseTemplate,
  templateVariables,
} from '../uriTemplate.ts'

describe('uriTemplate', () => {
  it('lists variables in order', () => {
    expect(templateVariables('repo://{owner}/{name}{?ref}')).toEqual(['owner', 'name', 'ref'])
    expect(templateVariables('file:///{+path}')).toEqual(['path'])
  })

  it('expands and matches simple, reserved and query expressions', () => {
    expect(expandTemplate('repo://{owner}/{name}', { owner: 'a b', name: 'x' })).toBe(
      'repo://a%20b/x',
    )
    expect(expandTemplate('file:///{+path}', { path: 'src/main.rs' })).toBe('file:///src/main.rs')
    expect(matchTemplate('repo://{owner}/{name}', 'repo://alice/alpha')).toEqual({
      owner: 'alice',
      name: 'alpha',
    })
    expect(matchTemplate('repo://{owner}/{name}', 'other://alice/alpha')).toBeUndefined()
  })

  it('finds the template a concrete URI came from', () => {
    const templates = [
      { uriTemplate: 'db://{table}', name: 'table' },
      { uriTemplate: 'repo://{owner}/{name}', name: 'repo' },
    ]
    expect(findTemplate(templates, 'repo://bob/beta')).toEqual({
      template: templates[1],
      variables: { owner: 'bob', name: 'beta' },
    })
    expect(findTemplate(templates, 'file:///x')).toBeUndefined()
  })

  it('treats an invalid template as having no variables and matching nothing', () => {
    expect(parseTemplate('repo://{owner')).toBeUndefined()
    expect(templateVariables('repo://{owner')).toEqual([])
    expect(matchTemplate('repo://{owner', 'repo://x')).toBeUndefined()
    expect(() => expandTemplate('repo://{owner', {})).toThrow(/Not a valid URI template/)
  })

  // RFC 6570 §3.2's own variables and examples (Level 4, every operator).
  const rfc = {
    count: ['one', 'two', 'three'],
    dom: ['example', 'com'],
    dub: 'me/too',
    hello: 'Hello World!',
    half: '50%',
    var: 'value',
    who: 'fred',
    base: 'http://example.com/home/',
    path: '/foo/bar',
    list: ['red', 'green', 'blue'],
    v: '6',
    x: '1024',
    y: '768',
    empty: '',
  }
  const examples: [template: string, uri: string, back?: Record<string, string | string[]>][] = [
    ['{var}', 'value'],
    ['{hello}', 'Hello%20World%21'],
    ['{half}', '50%25'],
    ['O{empty}X', 'OX'],
    ['{x,y}', '1024,768'],
    ['{x,hello,y}', '1024,Hello%20World%21,768'],
    ['{var:3}', 'val', { var: 'val' }],
    ['{list}', 'red,green,blue'],
    ['{list*}', 'red,green,blue'],
    ['{+var}', 'value'],
    ['{+hello}', 'Hello%20World!'],
    ['{+path}/here', '/foo/bar/here'],
    ['here?ref={+path}', 'here?ref=/foo/bar'],
    ['{+base}index', 'http://example.com/home/index'],
    ['{#var}', '#value'],
    ['{#hello}', '#Hello%20World!'],
    ['{#path:6}/here', '#/foo/b/here', { path: '/foo/b' }],
    ['{#list*}', '#red,green,blue'],
    ['X{.var}', 'X.value'],
    ['X{.x,y}', 'X.1024.768'],
    ['X{.list*}', 'X.red.green.blue'],
    ['X{.empty}', 'X.'],
    ['{/var}', '/value'],
    ['{/var,x}/here', '/value/1024/here'],
    ['{/list*}', '/red/green/blue'],
    ['{/list*,path:4}', '/red/green/blue/%2Ffoo', { list: rfc.list, path: '/foo' }],
    ['{;x,y}', ';x=1024;y=768'],
    ['{;x,y,empty}', ';x=1024;y=768;empty'],
    ['{;list*}', ';list=red;list=green;list=blue'],
    ['{?x,y}', '?x=1024&y=768'],
    ['{?x,y,empty}', '?x=1024&y=768&empty='],
    ['{?list}', '?list=red,green,blue'],
    ['{?list*}', '?list=red&list=green&list=blue'],
    ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
    ['{&x,y,empty}', '&x=1024&y=768&empty='],
    ['{&list*}', '&list=red&list=green&list=blue'],
    ['{/empty}', '/'],
    ['{?empty}', '?empty='],
  ]

  it.each(examples)('expands %s as the RFC does and matches it back', (template, uri, back) => {
    expect(expandTemplate(template, rfc)).toBe(uri)
    const names = templateVariables(template)
    const expected = back ?? Object.fromEntries(names.map((name) => [name, rfc[name as 'var']]))
    expect(matchTemplate(template, uri)).toEqual(expected)
  })

  it('describes each variable with its operator, explode and prefix', () => {
    expect(parseTemplate('repo://{owner}/{name}{?q*}{#frag:3}')?.variables).toEqual([
      { name: 'owner', operator: '', explode: false },
      { name: 'name', operator: '', explode: false },
      { name: 'q', operator: '?', explode: true },
      { name: 'frag', operator: '#', explode: false, maxLength: 3 },
    ])
    expect(templateVariables('{x}{?x,y}')).toEqual(['x', 'y'])
  })

  it('refuses templates the grammar refuses', () => {
    for (const bad of ['{a b}', 'x}', '{}', '{a:3*}']) expect(parseTemplate(bad)).toBeUndefined()
  })

  it('percent-encodes every character outside the unreserved set, as §3.2.1 says', () => {
    // `!'()*` are reserved, not unreserved: only `+` and `#` let them through.
    expect(expandTemplate('{x}', { x: "it's (a)*!" })).toBe('it%27s%20%28a%29%2A%21')
    expect(expandTemplate('{+x}', { x: "it's (a)*!" })).toBe("it's%20(a)*!")
    expect(expandTemplate('{x}', { x: 'é😀' })).toBe('%C3%A9%F0%9F%98%80')
    expect(matchTemplate('{x}', 'it%27s%20%28a%29%2A%21')).toEqual({ x: "it's (a)*!" })
  })

  it('matches a query with parameters the template does not name, and refuses a stray %', () => {
    expect(matchTemplate('item://{id}{?ref}', 'item://a?utm=x&ref=b')).toEqual({
      id: 'a',
      ref: 'b',
    })
    expect(matchTemplate('item://{id}', 'item://50%')).toBeUndefined()
  })

  const segment = fc.string({ minLength: 1, maxLength: 8, unit: 'grapheme' })

  it('matches back exploded lists (path segments and query parameters, property)', () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), segment, (segs, q) => {
        const template = 'tree://root{/segs*}{?q,tags*}'
        const values = { segs, q, tags: segs }
        expect(matchTemplate(template, expandTemplate(template, values))).toEqual(values)
      }),
    )
  })

  // Values of the simple operator: anything but an empty string survives percent-encoding.
  const value = fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme' })

  it('matches back what it expanded (simple expressions, property)', () => {
    fc.assert(
      fc.property(value, value, (owner, name) => {
        const template = 'repo://{owner}/{name}'
        const uri = expandTemplate(template, { owner, name })
        expect(matchTemplate(template, uri)).toEqual({ owner, name })
      }),
    )
  })

  it('matches back what it expanded (query expressions, property)', () => {
    fc.assert(
      fc.property(value, value, (id, ref) => {
        const template = 'item://{id}{?ref}'
        const uri = expandTemplate(template, { id, ref })
        expect(matchTemplate(template, uri)).toEqual({ id, ref })
      }),
    )
  })
})
