import { describe, expect, it } from 'vitest'
import { placeholder } from '@resource-kit/client'

describe('smoke', () => {
  it('resolves the workspace package from source', () => {
    expect(placeholder).toBe(1)
  })
})
