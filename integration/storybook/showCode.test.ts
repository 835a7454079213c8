// What Storybook's "Show code" prints for every story: the `docs.source.code` a story (or its
// file's meta) sets, shown verbatim. Without it Storybook prints the story's wrapper
// component with its fixture arguments (`<Story servers={[…]} />`), which no host writes.
// Each snippet must read as a host's code: it imports the public package, renders a part
// as JSX, fits 100 columns, and names none of the stories' private fixtures.
import { describe, expect, it } from 'vitest'

interface StoryModule {
  default: { title?: string; parameters?: Parameters }
  [name: string]: unknown
}
interface Parameters {
  docs?: { source?: { code?: string; language?: string } }
}

const modules = import.meta.glob<StoryModule>('../../stories/**/*.stories.tsx')
const FIXTURE_NAMES = /StoryWorld|manySource|SourcesStatus|fixtures\/|<Story\b|createStoryWorld/

function snippetsOf(module: StoryModule): { story: string; code: string | undefined }[] {
  const metaCode = module.default.parameters?.docs?.source?.code
  return Object.entries(module)
    .filter(([name]) => name !== 'default' && /^[A-Z]/.test(name))
    .map(([name, story]) => {
      const own = (story as { parameters?: Parameters }).parameters?.docs?.source?.code
      return { story: name, code: own ?? metaCode }
    })
}

describe('Show code in Storybook', () => {
  it('finds the story files', () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(8)
  })

  for (const [file, load] of Object.entries(modules)) {
    it(`shows a host's readable JSX for every story of ${file.replace('../../stories/', '')}`, async () => {
      const module = await load()
      const snippets = snippetsOf(module)
      expect(snippets.length).toBeGreaterThan(0)
      for (const { story, code } of snippets) {
        expect(code, `${story} has no docs.source.code`).toEqual(expect.any(String))
        const lines = (code as string).split('\n')
        expect(lines.length, story).toBeGreaterThan(3)
        expect(code, story).toMatch(/from '@resource-kit\/react'/)
        expect(code, story).toMatch(/<[A-Z][\w.]*[\s/>]/)
        expect(code, story).not.toMatch(FIXTURE_NAMES)
        for (const line of lines) expect(line.length, `${story}: ${line}`).toBeLessThanOrEqual(100)
      }
    })
  }
})
