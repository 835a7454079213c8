// Settings every Vitest project shares: resolve workspace packages to their `src`
// through the `source` export condition, so tests never need a build.
export const sourceConditions = ['@resource-kit/source', 'module', 'import', 'default']

export const sourceResolve = {
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions, externalConditions: ['@resource-kit/source'] } },
}
