import { placeholder } from '@resource-kit/client'
import { describe, expect, it } from 'vitest'

describe('smoke', () => {
  it('resolves the workspace package from source', () => {
    expect(placeholder).toBe(1)
  })
})
