import { describe, expect, it } from 'vitest'
import {
  InvalidParamsError,
  McpRequestError,
  ResourceKitError,
  ResourceNotFoundError,
} from '../errors.ts'
import { classifyReadError } from '../notFound.ts'

const uri = 'file:///missing.txt'
const rpc = (code: number, message: string, data?: unknown) =>
  new McpRequestError(code, message, { data, method: 'resources/read' })

describe('classifyReadError', () => {
  it('reads -32602 with data.uri (2026 servers) as not found, carrying the URI', () => {
    const error = classifyReadError(rpc(-32602, 'Resource not found', { uri }), uri, 'srv')
    expect(error).toBeInstanceOf(ResourceNotFoundError)
    expect((error as ResourceNotFoundError).uri).toBe(uri)
    expect((error as ResourceNotFoundError).message).toBe(
      'Resource not found: file:///missing.txt on server "srv"',
    )
  })

  it('reads -32002 as not found, with or without data', () => {
    expect(classifyReadError(rpc(-32002, 'gone', { uri }), uri)).toBeInstanceOf(
      ResourceNotFoundError,
    )
    const bare = classifyReadError(rpc(-32002, 'gone'), uri)
    expect(bare).toBeInstanceOf(ResourceNotFoundError)
    expect((bare as ResourceNotFoundError).code).toBe(-32002)
  })

  it('reads an older server -32602 with no data and a "not found" message as not found', () => {
    const error = classifyReadError(
      rpc(-32602, 'MCP error -32602: Resource docs://nope not found'),
      uri,
    )
    expect(error).toBeInstanceOf(ResourceNotFoundError)
  })

  it('keeps any other -32602 an invalid-params error', () => {
    const noData = classifyReadError(rpc(-32602, 'Invalid cursor'), uri)
    expect(noData).toBeInstanceOf(InvalidParamsError)
    expect(noData).not.toBeInstanceOf(ResourceNotFoundError)
    const otherData = classifyReadError(rpc(-32602, 'not found', { field: 'uri' }), uri)
    expect(otherData).toBeInstanceOf(InvalidParamsError)
  })

  it('reads -32602 as not found only when data.uri is the URI asked for', () => {
    const other = classifyReadError(
      rpc(-32602, 'Resource file:///other.txt not found', { uri: 'file:///other.txt' }),
      uri,
    )
    expect(other).toBeInstanceOf(InvalidParamsError)
    expect(other).not.toBeInstanceOf(ResourceNotFoundError)
    expect((other as Error).message).toBe('Resource file:///other.txt not found')
  })

  it('treats data: null like absent data (older servers)', () => {
    expect(classifyReadError(rpc(-32602, 'Resource not found', null), uri)).toBeInstanceOf(
      ResourceNotFoundError,
    )
    expect(classifyReadError(rpc(-32602, 'Invalid URI', null), uri)).toBeInstanceOf(
      InvalidParamsError,
    )
    expect(classifyReadError(rpc(-32602, 'Missing param: uri'), uri)).not.toBeInstanceOf(
      ResourceNotFoundError,
    )
  })

  it('keeps the server error, with its message, as the cause', () => {
    const server = rpc(-32002, 'No such file: /missing.txt')
    const error = classifyReadError(server, uri) as ResourceNotFoundError
    expect(error.cause).toBe(server)
    expect((error.cause as Error).message).toBe('No such file: /missing.txt')
    const invalid = rpc(-32602, 'uri must be absolute')
    expect((classifyReadError(invalid, uri) as Error).cause).toBe(invalid)
  })

  it('leaves other codes and other errors alone', () => {
    const internal = rpc(-32603, 'not found in the index')
    expect(classifyReadError(internal, uri)).toBe(internal)
    const other = new ResourceKitError('boom')
    expect(classifyReadError(other, uri)).toBe(other)
  })
})
