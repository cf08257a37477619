/** An error a service throws to answer the client with a status and a message it can show. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field)
export const notFound = (message: string) => new HttpError(404, message)
export const conflict = (message: string, field?: string) => new HttpError(409, message, field)

/** PostgreSQL's unique_violation, as raised by both pg and PGlite. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error)
  return e?.code === '23505' && (!constraint || e.constraint === constraint)
}

function findPgError(error: unknown): { code?: string; constraint?: string } | undefined {
  // Drizzle wraps driver errors in a DrizzleQueryError whose `cause` is the driver's error.
  let current: unknown = error
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current === 'object' && 'code' in current) return current as { code?: string; constraint?: string }
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
