import type { StorybookConfig } from '@storybook/react-vite'
import { defaultClientConditions, mergeConfig } from 'vite'

const config: StorybookConfig = {
  stories: ['../**/*.stories.@(ts|tsx)'],
  framework: '@storybook/react-vite',
  // Docs: the autodocs page of every part (tags in preview.tsx), with its controls.
  addons: ['@storybook/addon-docs', '@storybook/addon-vitest'],
  core: { disableTelemetry: true },
  // Workspace packages resolve to their `src` (the `source` export condition), so stories
  // need no build.
  viteFinal: (config) =>
    mergeConfig(config, {
      resolve: { conditions: ['@resource-kit/source', ...defaultClientConditions] },
    }),
}

export default config
