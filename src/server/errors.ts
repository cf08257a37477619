/** An error a service throws to answer the client with a status and a message it can show. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    /** Sent with the answer, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
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

// PostgreSQL's answers to text it cannot store: a NUL byte (22021 in text, 22P05 in JSON), bytes
// that are not UTF-8. They come from the client's input, so they are a 400, not a 500.
const BAD_TEXT_CODES = new Set(['22021', '22P05', '22P02'])

/** The 400 a database error caused by the client's text stands for, or null. */
export function badTextError(error: unknown): HttpError | null {
  const code = findPgError(error)?.code
  return code && BAD_TEXT_CODES.has(code) ? badRequest('Text must not contain NUL or other control bytes') : null
}

/**
 * An error as the log may keep it: a failed query's text and the driver's code and message, never
 * its parameters (they hold what visitors typed).
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error) || !('params' in error)) return error
  const cause = findPgError(error) as { code?: string; message?: string } | undefined
  const query = (error as { query?: string }).query
  return {
    type: error.name,
    message: `Failed query: ${query ?? '(unknown)'}`,
    cause: cause && { code: cause.code, message: cause.message },
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  }
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
