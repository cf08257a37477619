import type { FastifyError, FastifyInstance } from 'fastify'
import { badTextError, HttpError, loggableError } from '../errors.js'

// Fastify and plugin error codes that are the client's doing, with the status and message to answer.
const CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large'],
  FST_REQ_FILE_TOO_LARGE: [413, 'File is too large'],
  FST_FILES_LIMIT: [413, 'Too many files in one request'],
  FST_FIELDS_LIMIT: [413, 'Too many fields in one request'],
  FST_PARTS_LIMIT: [413, 'Too many parts in one request'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Send this form as multipart/form-data'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The JSON body is empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The body is not valid JSON'],
}

/** Every error becomes JSON {message}; anything unexpected is a logged 500 that reveals nothing. */
export function registerErrorHandler(app: FastifyInstance, options: { maxFileMb: number }) {
  app.setErrorHandler((thrown: FastifyError | HttpError, request, reply) => {
    const error = badTextError(thrown) ?? thrown
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers)
      return reply.status(error.statusCode).send({ message: error.message, ...(error.field && { field: error.field }) })
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined
    if (known) {
      const [status, message] = known
      const text = error.code === 'FST_REQ_FILE_TOO_LARGE' ? `File is larger than ${options.maxFileMb} MB` : message
      return reply.status(status).send({ message: text })
    }
    if (error.validation) return reply.status(400).send({ message: error.message })
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message })
    request.log.error({ err: loggableError(error) }, 'request failed')
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' })
  })

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` }),
  )
}
