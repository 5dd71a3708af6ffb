import fastifyMultipart from '@fastify/multipart'
import type { FastifyReply, FastifySchemaCompiler } from 'fastify'
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z, type ZodType } from 'zod'
import { AppError } from '#server/lib/errors.ts'
import { envelopeOf, ok, okWith } from '#server/lib/envelope.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { requireOperatorRole, requirePlayerId } from '#server/modules/auth/index.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import {
  DOCUMENT_MIME_TYPES,
  DocumentIdBodySchema,
  DocumentIdParamsSchema,
  DocumentListResponseSchema,
  DocumentResponseSchema,
  DocumentTypeSchema,
  MAX_PENDING_DOCUMENTS,
  OperatorDocumentListQuerySchema,
  OperatorDocumentListResponseSchema,
  OperatorDocumentResponseSchema,
  RejectDocumentBodySchema,
  UploadDocumentFormSchema,
} from './documents.contract.ts'
import {
  countPendingDocuments,
  findDocumentWithOwner,
  findPlayerDocument,
  listDocumentsByStatus,
  listPlayerDocuments,
  toOperatorDocument,
  toWireDocument,
  type DocumentRow,
} from './documents.repo.ts'
import { attachmentDisposition } from './document-files.ts'
import { createDocumentStorage } from './document-storage.ts'
import { deleteDocument } from './delete-document.ts'
import { readUploadForm, UPLOAD_LIMITS } from './read-upload-form.ts'
import { reviewDocument } from './review-document.ts'
import { uploadDocument } from './upload-document.ts'

export interface DocumentRoutesOptions {
  /** Where the files are stored, outside the web root (`UPLOAD_DIR`). */
  uploadDir: string
  bus: EventBus
}

/**
 * The upload's body is a stream the handler reads itself within the limits; the zod schema only
 * describes the form in the API description, so body validation is skipped for that route.
 */
function describeBodyOnly<S>(
  route: Parameters<FastifySchemaCompiler<S>>[0],
): ReturnType<FastifySchemaCompiler<S>> {
  if (route.httpPart === 'body') return () => true
  // Every other part is a zod schema, as on every route.
  return validatorCompiler({ ...route, schema: route.schema as ZodType })
}

const FILE_ANSWER = {
  description:
    'The file, as `attachment`, with the type read from its content, `x-content-type-options: nosniff` and `cache-control: private, no-store`.',
  content: Object.fromEntries(
    DOCUMENT_MIME_TYPES.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]),
  ),
}

/**
 * Identity documents (KYC): the spec's player calls (§7 "Player") and the operators' review API.
 * Files are readable only by their owner and by operators with the kyc or admin role (§8).
 */
export const documentRoutes: FastifyPluginAsyncZod<DocumentRoutesOptions> = async (
  app,
  { uploadDir, bus },
) => {
  // Registered here, so multipart bodies are parsed for these routes only.
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS })
  const { db } = app.database
  const storage = createDocumentStorage(uploadDir)
  // The operator's overrides apply to the player's notification like to every text.
  const messages = (locale: string) => app.site.messages(locale)
  const tags = ['documents']

  const sendFile = async (reply: FastifyReply, row: DocumentRow) => {
    const file = await storage.open(row.storageKey)
    if (!file) {
      reply.log.error({ documentId: row.id, storageKey: row.storageKey }, 'document file missing')
      throw new AppError('documents.not_found')
    }
    return reply
      .header('content-type', row.mimeType)
      .header('content-length', file.sizeBytes)
      .header('content-disposition', attachmentDisposition(row.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.stream)
  }

  app.get(
    '/player/get-documents',
    {
      schema: {
        tags,
        summary: "The signed-in player's identity documents",
        description: 'All of them, newest first, with their review status.',
        response: { 200: DocumentListResponseSchema },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const rows = await listPlayerDocuments(db, playerId)
      void reply.header('cache-control', 'no-store')
      return ok({ documents: rows.map(toWireDocument) })
    },
  )

  app.post(
    '/player/upload-document',
    {
      validatorCompiler: describeBodyOnly,
      schema: {
        tags,
        summary: 'Upload an identity document for review',
        description: `A \`multipart/form-data\` form with exactly two parts: the field \`type\` and one file \`file\`. The file must be a JPEG, PNG or PDF of at most 10 MB (10485760 bytes); its type is read from its content, never from its name or the sent content type, and a name whose extension disagrees with the content is refused. The document starts \`pending\`. Refusals: 400 \`documents.invalid_form\` (not multipart, other or repeated parts), \`documents.type_invalid\`, \`documents.file_missing\` (none or empty), \`documents.too_many_files\`, \`documents.unsupported_type\`, \`documents.extension_mismatch\`; 413 \`documents.too_large\`; 409 \`documents.too_many_pending\` with ${String(MAX_PENDING_DOCUMENTS)} documents already waiting for review. Nothing is stored on a refusal.`,
        consumes: ['multipart/form-data'],
        body: UploadDocumentFormSchema,
        response: { 200: DocumentResponseSchema },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      // Checked before reading the file too, so a player at the cap does not send 10 MB in vain.
      if ((await countPendingDocuments(db, playerId)) >= MAX_PENDING_DOCUMENTS) {
        throw new AppError('documents.too_many_pending', { params: { max: MAX_PENDING_DOCUMENTS } })
      }
      const form = await readUploadForm(request)
      const type = DocumentTypeSchema.safeParse(form.type)
      if (!type.success) throw new AppError('documents.type_invalid')
      if (!form.file) throw new AppError('documents.file_missing')
      const row = await uploadDocument(db, storage, request, {
        playerId,
        type: type.data,
        fileName: form.file.fileName,
        bytes: form.file.bytes,
      })
      void reply.header('cache-control', 'no-store')
      return ok(toWireDocument(row))
    },
  )

  app.post(
    '/player/delete-document',
    {
      schema: {
        tags,
        summary: 'Delete one of the signed-in player’s documents while it is pending',
        description:
          'Deletes the document and its file. A reviewed document answers 409 `documents.not_pending`; another player’s document and an unknown id both answer 404 `documents.not_found`, so ids cannot be probed.',
        body: DocumentIdBodySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(request)
      await deleteDocument(db, storage, request, { playerId, id: request.body.id })
      return okWith({})
    },
  )

  app.get(
    '/player/documents/:id/file',
    {
      schema: {
        tags,
        summary: 'Download one of the signed-in player’s documents',
        description:
          'Another player’s document and an unknown id both answer 404 `documents.not_found`.',
        params: DocumentIdParamsSchema,
        response: { 200: FILE_ANSWER },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const row = await findPlayerDocument(db, playerId, request.params.id)
      if (!row) throw new AppError('documents.not_found')
      return sendFile(reply, row)
    },
  )

  const operatorTags = ['operator', 'documents']
  const ROLE_NOTE =
    'Needs an operator with the kyc or admin role: 401 without an operator session, 403 without the role.'
  const READ_NOTE =
    'Needs an operator with the kyc, auditor or admin role: 401 without an operator session, 403 without the role.'
  const READERS = ['kyc', 'auditor'] as const

  app.get(
    '/admin/api/documents',
    {
      schema: {
        tags: operatorTags,
        summary: 'List identity documents: the review queue, with filters',
        description: `One page of the documents with \`status\` (default \`pending\`), of one \`type\` and of players whose e-mail contains \`email\` when given, each with its player’s id, e-mail and name. Pending documents come oldest first, as a review queue, reviewed ones newest first, unless \`sort\` says otherwise. ${READ_NOTE}`,
        querystring: OperatorDocumentListQuerySchema,
        response: { 200: OperatorDocumentListResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, READERS)
      const { page, pageSize, ...filter } = request.query
      const { total, rows } = await listDocumentsByStatus(db, filter, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      })
      void reply.header('cache-control', 'no-store')
      return ok({ documents: rows.map(toOperatorDocument), total, page, pageSize })
    },
  )

  app.get(
    '/admin/api/documents/:id/file',
    {
      schema: {
        tags: operatorTags,
        summary: 'Download a player’s identity document',
        description: `Every download is recorded in the audit log. 404 \`documents.not_found\` for an unknown id. ${READ_NOTE}`,
        params: DocumentIdParamsSchema,
        response: { 200: FILE_ANSWER },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, READERS)
      const row = await findDocumentWithOwner(db, request.params.id)
      if (!row) throw new AppError('documents.not_found')
      // Who looked at a player's identity papers is part of the personal-data trail.
      await recordAudit(db, request, {
        actorType: 'operator',
        actorId: operator.id,
        playerId: row.playerId,
        action: 'document.viewed',
        details: { documentId: row.id },
      })
      return sendFile(reply, row)
    },
  )

  app.post(
    '/admin/api/documents/:id/approve',
    {
      schema: {
        tags: operatorTags,
        summary: 'Approve a pending identity document',
        description: `The player gets a \`document_reviewed\` notification in their language. A document already reviewed answers 409 \`documents.not_pending\`; an unknown id 404 \`documents.not_found\`. ${ROLE_NOTE}`,
        params: DocumentIdParamsSchema,
        response: { 200: OperatorDocumentResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['kyc'])
      const row = await reviewDocument(db, bus, messages, request, {
        operatorId: operator.id,
        id: request.params.id,
        decision: { status: 'approved' },
      })
      void reply.header('cache-control', 'no-store')
      return ok(toOperatorDocument(row))
    },
  )

  app.post(
    '/admin/api/documents/:id/reject',
    {
      schema: {
        tags: operatorTags,
        summary: 'Reject a pending identity document with a reason',
        description: `The reason (1 to 500 characters) is shown to the player, who gets a \`document_reviewed\` notification in their language. A document already reviewed answers 409 \`documents.not_pending\`; an unknown id 404 \`documents.not_found\`. ${ROLE_NOTE}`,
        params: DocumentIdParamsSchema,
        body: RejectDocumentBodySchema,
        response: { 200: OperatorDocumentResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['kyc'])
      const row = await reviewDocument(db, bus, messages, request, {
        operatorId: operator.id,
        id: request.params.id,
        decision: { status: 'rejected', reason: request.body.reason },
      })
      void reply.header('cache-control', 'no-store')
      return ok(toOperatorDocument(row))
    },
  )
}
