import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ok } from '#server/lib/envelope.ts'
import { requirePlayerId } from '#server/modules/auth/index.ts'
import type { SiteService } from '#server/modules/site/index.ts'
import { TransactionsQuerySchema, TransactionsResponseSchema } from './payments.contract.ts'
import { nextActionOf } from './payments.repo.ts'
import {
  historyCatalogues,
  listPlayerTransactions,
  methodName,
  toWireTransaction,
} from './transactions.ts'

export interface TransactionRoutesOptions {
  site: SiteService
  localeCookieName: string
  /** Confirmations a crypto deposit waits for, shown with its pending instructions. */
  cryptoConfirmations: number
}

/** The player's payment history: deposits and withdrawals. */
export const transactionRoutes: FastifyPluginAsyncZod<TransactionRoutesOptions> = async (
  app,
  { site, localeCookieName, cryptoConfirmations },
) => {
  const { db } = app.database

  app.get(
    '/player/transactions',
    {
      schema: {
        tags: ['payments'],
        summary: "The signed-in player's deposits and withdrawals",
        description:
          'One page (`page` from 0, `pageSize` up to 100) of the payments matching the filters, newest first, and `total`, the number matching in all. `currency` matches the method’s or the wallet’s currency; `dateFrom` and `dateTo` are whole UTC days, both inclusive. The spec’s cash-out lookup (`pageSize=1&page=0&dateFrom=2000/01/01&dateTo=2100/01/01&status=pending&transactionType=withdrawal`) answers the newest pending withdrawal. `method_name` is in the language of the locale cookie, else of `Accept-Language`, else English.',
        querystring: TransactionsQuerySchema,
        response: { 200: TransactionsResponseSchema },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const { page, pageSize, ...filter } = request.query
      const [{ rows, total }, catalogues] = await Promise.all([
        listPlayerTransactions(db, playerId, filter, { offset: page * pageSize, limit: pageSize }),
        historyCatalogues(site, request, localeCookieName),
      ])
      void reply.header('cache-control', 'no-store')
      // Pending deposits carry their instructions again (the crypto address and QR, the bank
      // reference), so the history can show what is still to be paid.
      const transactions = await Promise.all(
        rows.map(async (row) =>
          toWireTransaction(
            row,
            methodName(catalogues, row.methodId),
            await nextActionOf(row, cryptoConfirmations),
          ),
        ),
      )
      return ok({ transactions, total })
    },
  )
}
