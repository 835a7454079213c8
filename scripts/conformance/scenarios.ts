// Which scenarios of the official suite apply to what resource-kit is, and why the others
// do not. The suite's requirement sets (requirements/<revision>.yaml in the package) name
// what each revision requires; a scenario listed here does not apply at that revision,
// with the reason printed next to it. Anything required and not listed here runs.

export type Leg = 'server' | 'client'
export type Revision = '2025-11-25' | '2026-07-28'
export const revisions: readonly Revision[] = ['2025-11-25', '2026-07-28']

interface NotApplicable {
  leg: Leg
  /** A scenario name, or a prefix ending in '-' or '/' for a family. */
  scenario: string
  /** Only at this revision; both when absent. */
  revision?: Revision
  reason: string
}

const noTools = 'the demo server has no tools (resource-kit serves and reads resources, not tools)'
const noPrompts = 'the demo server has no prompts'
const fixtureResources =
  "reads the suite's own fixture resources (test://…), which the demo does not serve; the demo's reads, templates and subscriptions are tested in apps/demo-server and integration/"
const clientCallsTools =
  'the scenario passes only by calling a tool; resource-kit has no tool calls (resources only)'

const table: readonly NotApplicable[] = [
  // The demo server: a resources server over a generated workspace.
  { leg: 'server', scenario: 'tools-', reason: noTools },
  { leg: 'server', scenario: 'prompts-', reason: noPrompts },
  { leg: 'server', scenario: 'tasks-', reason: noTools },
  { leg: 'server', scenario: 'elicitation-', reason: `elicits from a fixture tool; ${noTools}` },
  {
    leg: 'server',
    scenario: 'input-required-result-',
    reason:
      'asks fixture tools and prompts for input requests; ' +
      noTools +
      ' (its input-required reads are tested in integration/)',
  },
  { leg: 'server', scenario: 'resources-read-', reason: fixtureResources },
  { leg: 'server', scenario: 'resources-templates-read', reason: fixtureResources },
  { leg: 'server', scenario: 'resources-subscribe', reason: fixtureResources },
  { leg: 'server', scenario: 'resources-unsubscribe', reason: fixtureResources },
  {
    leg: 'server',
    scenario: 'completion-complete',
    reason:
      "completes the fixture's prompt arguments; " +
      noPrompts +
      ' (its template completion is tested in apps/demo-server)',
  },
  {
    leg: 'server',
    scenario: 'logging-set-level',
    reason: 'the demo declares no logging capability',
  },
  {
    leg: 'server',
    scenario: 'caching',
    reason:
      'also requires cache hints on tools/list and prompts/list, which the demo does not have (its resources/list hints pass in this scenario)',
  },
  {
    leg: 'server',
    scenario: 'server-stateless',
    reason:
      "two of its checks call the suite's diagnostic tool test_missing_capability; " +
      noTools +
      ' (its other checks pass)',
  },
  {
    leg: 'server',
    scenario: 'server-sse-multiple-streams',
    revision: '2026-07-28',
    reason: `posts tools/list, which a server without tools answers with 404 at 2026-07-28; ${noTools}`,
  },
  {
    leg: 'server',
    scenario: 'json-schema-2020-12',
    reason: `checks a fixture tool input schema; ${noTools}`,
  },
  {
    leg: 'server',
    scenario: 'http-header-validation',
    reason: `validates Mcp-Name headers of tools/call; ${noTools}`,
  },
  { leg: 'server', scenario: 'http-custom-header-server-validation', reason: noTools },
  {
    leg: 'server',
    scenario: 'server-sse-polling',
    reason: `resumes a fixture tool call; ${noTools}`,
  },
  // The client: resource-kit's ResourceClient with createOAuth.
  { leg: 'client', scenario: 'tools_call', reason: clientCallsTools },
  {
    leg: 'client',
    scenario: 'elicitation-sep1034-client-defaults',
    reason: `elicits from inside a tool call; ${clientCallsTools}`,
  },
  {
    leg: 'client',
    scenario: 'sse-retry',
    reason: `the retried stream is a tool call; ${clientCallsTools}`,
  },
  {
    leg: 'client',
    scenario: 'auth/scope-step-up',
    reason:
      'the step-up is challenged on tools/call only; ' +
      clientCallsTools +
      ' (step-up on a read is tested in integration/auth/oauth.test.ts)',
  },
  {
    leg: 'client',
    scenario: 'auth/scope-retry-limit',
    reason: `the repeated 403 is answered to tools/call only; ${clientCallsTools}`,
  },
  {
    leg: 'client',
    scenario: 'sep-2322-client-request-state',
    reason: `the input-required result comes from a tool call; ${clientCallsTools}`,
  },
  {
    leg: 'client',
    scenario: 'http-standard-headers',
    reason: `checks the Mcp-Method/Mcp-Name headers of tools/call; ${clientCallsTools}`,
  },
  {
    leg: 'client',
    scenario: 'http-custom-headers',
    reason: `checks headers mirrored from tool arguments; ${clientCallsTools}`,
  },
  { leg: 'client', scenario: 'http-invalid-tool-headers', reason: clientCallsTools },
  {
    leg: 'client',
    scenario: 'json-schema-',
    reason: `checks how a client passes tool input schemas; ${clientCallsTools}`,
  },
  {
    leg: 'client',
    scenario: 'request-metadata',
    reason: `checks the _meta of a tools/call; ${clientCallsTools}`,
  },
  {
    leg: 'client',
    scenario: 'auth/client-credentials-',
    reason:
      'an extension (machine-to-machine grants); createOAuth signs people in (authorization code)',
  },
  {
    leg: 'client',
    scenario: 'auth/enterprise-managed-authorization',
    reason: 'an extension (SEP-990); not implemented',
  },
  { leg: 'client', scenario: 'auth/dpop', reason: 'an extension (DPoP); not implemented' },
  {
    leg: 'client',
    scenario: 'auth/wif-',
    reason: 'an extension (workload identity); not implemented',
  },
]

/** Why `scenario` does not apply, or undefined when it does. */
export function notApplicable(leg: Leg, scenario: string, revision: Revision): string | undefined {
  return table.find(
    (entry) =>
      entry.leg === leg &&
      (entry.revision === undefined || entry.revision === revision) &&
      (entry.scenario.endsWith('-') || entry.scenario.endsWith('/')
        ? scenario.startsWith(entry.scenario)
        : scenario === entry.scenario),
  )?.reason
}

/**
 * The scenarios a requirement set names for a leg (scored ones first, then `not_scored`):
 * the suite's YAML is a flat list per leg, read line by line so no YAML parser is needed.
 */
export function requiredScenarios(
  yaml: string,
  leg: Leg,
): { scored: string[]; notScored: string[] } {
  const scored: string[] = []
  const notScored: string[] = []
  let section: string | undefined
  let pending: string | undefined
  for (const line of yaml.split('\n')) {
    const top = /^([a-z_]+):\s*$/.exec(line)
    if (top) {
      section = top[1]
      continue
    }
    const item = /^\s+-\s+([\w./-]+)\s*$/.exec(line)
    if (item && section === leg) scored.push(item[1] as string)
    const entry = /^\s+-\s+scenario:\s+([\w./-]+)/.exec(line)
    if (entry && section === 'not_scored') pending = entry[1]
    const entryLeg = /^\s+leg:\s+(\w+)/.exec(line)
    if (entryLeg && pending && section === 'not_scored') {
      if (entryLeg[1] === leg) notScored.push(pending)
      pending = undefined
    }
  }
  return { scored, notScored }
}
