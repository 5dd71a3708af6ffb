import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelopeOf, ok } from '#server/lib/envelope.ts'
import { requirePlayerId } from '#server/modules/auth/index.ts'
import { WalletCurrencyBodySchema, WalletResponseSchema } from './wallet.contract.ts'
import { getWallet, openWallet, switchWallet } from './wallet.ts'

/** The player's wallet call and the two calls that open and pick a currency. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database
  const tags = ['wallet']

  app.get(
    '/player/wallet',
    {
      schema: {
        tags,
        summary: "The signed-in player's wallets",
        description:
          'One entry per currency the player holds, the current one always present (`is_current`). `cents` is spendable real money, `bonus_cents` bonus money and `held_cents` withdrawals waiting for approval, all minor units as decimal strings. The socket event `balanceUpdate` carries the same entry after every change.',
        response: { 200: WalletResponseSchema },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      void reply.header('cache-control', 'no-store')
      return ok(await getWallet(db, playerId))
    },
  )

  app.post(
    '/player/wallet/open',
    {
      schema: {
        tags,
        summary: 'Open a wallet in another currency',
        description:
          'Opens it at zero; opening one that exists changes nothing. Answers the wallets.',
        body: WalletCurrencyBodySchema,
        response: { 200: WalletResponseSchema },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(request)
      await openWallet(db, playerId, request.body.currency)
      return ok(await getWallet(db, playerId))
    },
  )

  app.post(
    '/player/wallet/switch',
    {
      schema: {
        tags,
        summary: 'Make an open wallet the current one',
        description:
          'Deposits, play and the header then use its currency. 409 `wallet.not_open` for a currency the player has not opened.',
        body: WalletCurrencyBodySchema,
        response: { 200: WalletResponseSchema, 409: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(request)
      await switchWallet(db, playerId, request.body.currency)
      return ok(await getWallet(db, playerId))
    },
  )
}
