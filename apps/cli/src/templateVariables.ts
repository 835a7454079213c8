// The variable names of an RFC 6570 URI template (`repo://{owner}/{name}{?q*}` → owner,
// name, q), to check what `complete` is asked for before sending it.

/** Variable names in order of appearance (operators, explode `*` and prefix `:N` removed). */
export function templateVariables(template: string): string[] {
  const names: string[] = []
  for (const [, expression = ''] of template.matchAll(/\{([^}]*)\}/g)) {
    for (const spec of expression.replace(/^[+#./;?&=,!@|]/, '').split(',')) {
      const name = spec.replace(/\*$|:\d+$/, '').trim()
      if (name && !names.includes(name)) names.push(name)
    }
  }
  return names
}
