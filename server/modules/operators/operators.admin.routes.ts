import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ok } from '#server/lib/envelope.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import {
  CreatedOperatorResponseSchema,
  CreateOperatorBodySchema,
  OperatorAccountResponseSchema,
  OperatorIdParamsSchema,
  OperatorListQuerySchema,
  OperatorListResponseSchema,
  UpdateOperatorBodySchema,
} from './operators.contract.ts'
import {
  createOperatorAccount,
  setOperatorDisabled,
  toOperatorAccount,
  updateOperatorAccount,
} from './manage-operators.ts'
import { listOperators } from './operators.repo.ts'

/** The console's operator accounts: admin manages them, the auditor reads them. */
export const operatorsAdminRoutes: FastifyPluginAsyncZod<{ secretBox: SecretBox }> = async (
  app,
  { secretBox },
) => {
  const { db } = app.database
  const tags = ['operator', 'operators']
  const ADMIN_NOTE =
    'Needs an admin: 401 without an operator session, 403 without the role. Audited.'

  app.get(
    '/admin/api/operators',
    {
      schema: {
        tags,
        summary: 'List operator accounts',
        description:
          'One page of operator accounts, filtered by `q` (part of the e-mail or name), `role` and `status` (`active`, `disabled`), sorted by `sort` (`email`, `name`, `created`; a leading `-` for descending). Admin or auditor: 401 without an operator session, 403 without the role.',
        querystring: OperatorListQuerySchema,
        response: { 200: OperatorListResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['auditor'])
      const { rows, total } = await listOperators(db, request.query)
      void reply.header('cache-control', 'no-store')
      const { page, pageSize } = request.query
      return ok({ items: rows.map(toOperatorAccount), total, page, pageSize })
    },
  )

  app.post(
    '/admin/api/operators',
    {
      schema: {
        tags,
        summary: 'Create an operator account',
        description: `Creates the account with its roles (at least one, each once) and a password under the players' policy (field errors on \`password\`). The server draws the TOTP secret and answers it once, as \`otpauthUrl\` (for the authenticator app's QR code) and \`totpSecret\` (base32, to type): the new operator signs in with it; it is never shown again. 409 \`operators.email_taken\` (on \`email\`) when an operator has the address. ${ADMIN_NOTE}`,
        body: CreateOperatorBodySchema,
        response: { 200: CreatedOperatorResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireOperatorRole(request, [])
      const created = await createOperatorAccount(db, request, {
        actorId: actor.id,
        secretBox,
        body: request.body,
      })
      void reply.header('cache-control', 'no-store')
      return ok(created)
    },
  )

  app.put(
    '/admin/api/operators/:id',
    {
      schema: {
        tags,
        summary: "Change an operator's name and roles",
        description: `Sets the name and the whole list of roles. 404 \`operators.not_found\`; 409 \`operators.own_account\` when an admin would remove their own admin role. ${ADMIN_NOTE}`,
        params: OperatorIdParamsSchema,
        body: UpdateOperatorBodySchema,
        response: { 200: OperatorAccountResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireOperatorRole(request, [])
      const account = await updateOperatorAccount(db, request, {
        actorId: actor.id,
        id: request.params.id,
        body: request.body,
      })
      void reply.header('cache-control', 'no-store')
      return ok(account)
    },
  )

  for (const action of ['disable', 'enable'] as const) {
    app.post(
      `/admin/api/operators/:id/${action}`,
      {
        schema: {
          tags,
          summary:
            action === 'disable' ? 'Disable an operator account' : 'Enable an operator account',
          description:
            action === 'disable'
              ? `The operator can no longer sign in, and every session they have ends at once. 404 \`operators.not_found\`; 409 \`operators.own_account\` for one's own account. Disabling a disabled account changes nothing. ${ADMIN_NOTE}`
              : `The operator may sign in again (their old sessions stay ended). 404 \`operators.not_found\`. Enabling an active account changes nothing. ${ADMIN_NOTE}`,
          params: OperatorIdParamsSchema,
          response: { 200: OperatorAccountResponseSchema },
        },
      },
      async (request, reply) => {
        const actor = await requireOperatorRole(request, [])
        const { account, endedSessions } = await setOperatorDisabled(db, request, {
          actorId: actor.id,
          id: request.params.id,
          isDisabled: action === 'disable',
          sessions: app.sessionStore,
        })
        await app.announceEndedSessions(endedSessions)
        void reply.header('cache-control', 'no-store')
        return ok(account)
      },
    )
  }
}
