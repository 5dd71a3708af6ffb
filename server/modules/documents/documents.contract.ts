import { z } from 'zod'
import { ADMIN_PAGE_SIZE_MAX } from '#common/back-office.ts'
import { envelopeOf } from '#server/lib/envelope.ts'
import { DOCUMENT_STATUSES, DOCUMENT_TYPES } from './documents.tables.ts'

/** JPEG, PNG or PDF up to 10 MB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024
/** More documents waiting for review than anyone needs; beyond it an upload is refused. */
export const MAX_PENDING_DOCUMENTS = 20
/** The original file name is kept (for the player and operators) at most this long. */
export const MAX_FILE_NAME_LENGTH = 200
export const MAX_REJECT_REASON_LENGTH = 500

/** The types a document's content may have, read from its first bytes. */
export const DOCUMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number]

export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES)
export const DocumentStatusSchema = z.enum(DOCUMENT_STATUSES)

/** One document as the player sees it. */
export const DocumentSchema = z.object({
  id: z.string(),
  type: DocumentTypeSchema,
  status: DocumentStatusSchema,
  reason: z.string().nullable().describe('Why an operator rejected it; null otherwise'),
  file_name: z.string().describe('The uploaded file name, cleaned of paths and control characters'),
  mime_type: z.enum(DOCUMENT_MIME_TYPES).describe("Read from the file's content, not its name"),
  size_bytes: z.number().int(),
  created_at: z.string().describe('ISO 8601'),
  reviewed_at: z.string().nullable().describe('ISO 8601; null while pending'),
})
export type WireDocument = z.infer<typeof DocumentSchema>

export const DocumentResponseSchema = envelopeOf(DocumentSchema)
export const DocumentListResponseSchema = envelopeOf(
  z.object({ documents: z.array(DocumentSchema) }),
)

/**
 * The multipart form of an upload, for the API description only: the handler reads the stream
 * itself, so a file is never buffered before the limits apply.
 */
export const UploadDocumentFormSchema = z.object({
  type: DocumentTypeSchema,
  file: z.string().meta({
    format: 'binary',
    description: 'One JPEG, PNG or PDF file up to 10 MB (10485760 bytes)',
  }),
})

export const DocumentIdBodySchema = z.object({ id: z.uuid() })
export const DocumentIdParamsSchema = z.object({ id: z.uuid() })

/** One document as an operator sees it: with its owner and its reviewer. */
export const OperatorDocumentSchema = DocumentSchema.extend({
  player: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  reviewed_by: z.string().nullable().describe('The reviewing operator’s id'),
})
export type OperatorDocument = z.infer<typeof OperatorDocumentSchema>

/** The orders the document queue may be read in: upload time, `-` first for newest first. */
export const DOCUMENT_SORTS = ['createdAt', '-createdAt'] as const

export const OperatorDocumentListQuerySchema = z.object({
  status: DocumentStatusSchema.default('pending'),
  type: DocumentTypeSchema.optional(),
  email: z.string().trim().max(254).optional().describe("Part of the player's e-mail, any case"),
  sort: z
    .enum(DOCUMENT_SORTS)
    .optional()
    .describe('By default pending ones oldest first (a queue), reviewed ones newest first'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(20),
})
export type OperatorDocumentListQuery = z.infer<typeof OperatorDocumentListQuerySchema>

export const OperatorDocumentListResponseSchema = envelopeOf(
  z.object({
    documents: z.array(OperatorDocumentSchema),
    total: z.number().int().describe('How many documents have this status in all'),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
)

export const OperatorDocumentResponseSchema = envelopeOf(OperatorDocumentSchema)

export const RejectDocumentBodySchema = z.object({
  reason: z.string().trim().min(1).max(MAX_REJECT_REASON_LENGTH).describe('Shown to the player'),
})
