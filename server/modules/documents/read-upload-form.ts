import type { FastifyRequest } from 'fastify'
import { AppError } from '#server/lib/errors.ts'
import { MAX_DOCUMENT_BYTES } from './documents.contract.ts'

/**
 * The multipart limits of an upload, given to the parser when the routes register it: one file of
 * at most 10 MB, the `type` field and no room for anything else, so a request cannot make the
 * parser work for parts nobody reads.
 */
export const UPLOAD_LIMITS = {
  fileSize: MAX_DOCUMENT_BYTES,
  files: 1,
  fields: 2,
  parts: 3,
  fieldNameSize: 100,
  fieldSize: 1000,
  headerPairs: 20,
}

/** Room for the form's boundaries and part headers around a file of the largest size. */
const FORM_OVERHEAD_BYTES = 64 * 1024

export interface UploadForm {
  type: string | undefined
  file: { fileName: string; bytes: Buffer } | undefined
}

/** The upload error the parser's own failures stand for; anything else it raised is a bad form. */
function toUploadError(error: unknown): AppError {
  if (error instanceof AppError) return error
  const code = (error as { code?: unknown }).code
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('documents.too_large', { cause: error })
  if (code === 'FST_FILES_LIMIT') return new AppError('documents.too_many_files', { cause: error })
  return new AppError('documents.invalid_form', { cause: error })
}

/**
 * Reads the upload form: the `type` field and the one `file`, into memory within the limits.
 * Any other part, a repeated field or a malformed body is refused; a body announcing more than
 * the limit is refused before a byte of it is read.
 */
export async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  const announced = Number(request.headers['content-length'])
  if (announced > MAX_DOCUMENT_BYTES + FORM_OVERHEAD_BYTES)
    throw new AppError('documents.too_large')
  if (!request.isMultipart()) throw new AppError('documents.invalid_form')
  const form: UploadForm = { type: undefined, file: undefined }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file') {
        form.file = { fileName: part.filename, bytes: await part.toBuffer() }
      } else if (part.type === 'field' && part.fieldname === 'type' && form.type === undefined) {
        form.type = typeof part.value === 'string' ? part.value : ''
      } else if (part.type === 'field' && part.fieldname === 'file') {
        // A text field where the file should be: the form was sent without choosing one.
        throw new AppError('documents.file_missing')
      } else {
        throw new AppError('documents.invalid_form')
      }
    }
  } catch (error) {
    throw toUploadError(error)
  }
  return form
}
