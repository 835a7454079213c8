// Not-found, recognised by the error's name so that a copy of the client's class (another
// bundle, another realm) still matches.

/** True for the client's ResourceNotFoundError. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ResourceNotFoundError'
}
