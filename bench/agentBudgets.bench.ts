// Budgets of @resource-kit/agent as the model receives them: asked vs delivered, measured
// with the budget's own estimator (UTF-8 bytes / 4) over the whole text a model is given —
// the context's text, every resolved link's section, read_resource's JSON result — against
// the demo server in-process. Not a speed measurement: these are counts, the same on every run.

import { createDemoFetchHandler } from '../apps/demo-server/src/index.ts'
import { defaultEstimateTokens } from '../packages/agent/src/budget.ts'
import { createResourceContext } from '../packages/agent/src/resourceContext.ts'
import { resolveResourceLinks } from '../packages/agent/src/resourceLinks.ts'
import { createResourceTools } from '../packages/agent/src/resourceTools.ts'
import { createResourceClient } from '../packages/client/src/index.ts'
import { createLegacyFixture } from '../packages/test-utils/src/index.ts'

export default async function agentBudgets(): Promise<void> {
  const handler = createDemoFetchHandler({
    count: 300,
    logIntervalMs: 60_000,
    fileIntervalMs: 3_600_000,
  })
  const client = createResourceClient()
  client.addServer('demo', {
    url: 'http://demo.invalid/mcp',
    fetch: (input, init) => handler.fetch(new Request(input, init)),
  })
  try {
    await client.ready('demo')
    const items = (await client.walkResources('demo')).items
    const rows: [string, number, number][] = []

    // The context: 40 attached resources (every 7th listed one, and one that is gone).
    for (const budget of [600, 1000]) {
      const context = createResourceContext(client, { watch: false })
      for (const [index, item] of items.entries())
        if (index % 7 === 0) context.attach('demo', item.uri)
      context.attach('demo', 'file:///workspace/gone.md')
      const built = await context.build({ budget: { tokens: budget } })
      rows.push([
        `createResourceContext, ${context.attached().length} attached`,
        budget,
        defaultEstimateTokens(built.text),
      ])
      await context.close()
    }

    // Links: every listed file of the workspace as a resource_link block of one tool result.
    const files = items.filter((item) => item.uri.startsWith('file:///') && !item.uri.endsWith('/'))
    const resolved = await resolveResourceLinks(
      client,
      'demo',
      files.map((item) => ({ type: 'resource_link', uri: item.uri, name: item.name })),
      { budget: { tokens: 8000 } },
    )
    // What a host puts in front of the model: each text, joined with line breaks.
    const shown = resolved.flatMap((item) => ('text' in item ? [item.text] : []))
    rows.push([
      `resolveResourceLinks, ${files.length} links`,
      8000,
      defaultEstimateTokens(shown.join('\n')),
    ])

    // read_resource with a small readBudget on every folder (multi-item reads): the largest result.
    const tools = createResourceTools(client, { readBudget: { tokens: 200 } })
    const folders = items.filter(
      (item) => item.uri.startsWith('file:///') && item.uri.endsWith('/'),
    )
    let largest = 0
    for (const folder of folders) {
      const result = await tools.read.execute({ uri: folder.uri })
      largest = Math.max(largest, defaultEstimateTokens(JSON.stringify(result)))
    }
    rows.push([`read_resource, ${folders.length} folders (largest result)`, 200, largest])

    // Continuation from a 2025-era server (no ttlMs): a 0.43 MB text read part by part.
    const legacy = createLegacyFixture()
    const text = Array.from({ length: 9000 }, (_, line) => `line ${line}: ${'x'.repeat(40)}`).join(
      '\n',
    )
    legacy.world.setText('fixture://r/01', text)
    const old = createResourceClient()
    old.addServer('old', { transport: () => legacy.inMemoryTransport() })
    await old.ready('old')
    const reader = createResourceTools(old, { readBudget: { tokens: 8000 } })
    let next: unknown = { item: 0, offset: 0 }
    let parts = 0
    while (next) {
      const part = (await reader.read.execute({
        uri: 'fixture://r/01',
        ...(next as object),
      })) as { next?: unknown }
      next = part.next
      parts += 1
    }
    const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(2)
    const downloads = legacy.calls('resources/read')
    await old.close()
    await legacy.close()

    console.log(
      `continuation: ${parts} parts of a ${megabytes(text.length)} MB resource downloaded ${downloads} time(s), ${megabytes(downloads * text.length)} MB`,
    )
    console.log('| case | asked (tokens) | delivered (tokens) |')
    console.log('| --- | ---: | ---: |')
    for (const [name, asked, delivered] of rows)
      console.log(`| ${name} | ${asked} | ${delivered} |`)
  } finally {
    await client.close()
    await handler.close()
  }
}
