import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelopeOf, ok } from '#server/lib/envelope.ts'
import { requirePlayerId } from '#server/modules/auth/index.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { ShopItemsSchema, ShopPurchaseBodySchema, ShopPurchaseSchema } from './rewards.contract.ts'
import { notifyAfterCommit } from '#server/modules/notifications/index.ts'
import { COIN } from '#server/modules/ledger/index.ts'
import { announcePrizes } from './prizes.ts'
import { forgetShopContent, purchaseAnswer, purchaseItem, shopItemsView } from './shop.ts'
import { languageOf, LangParamsSchema, wordingOfEveryLocale } from '#server/modules/site/index.ts'

/**
 * The coin shop: its items for everyone, purchases for a signed-in player. The items are cached
 * briefly and dropped on `rewards.content.changed` from any instance.
 */
export const shopRoutes: FastifyPluginAsyncZod<CoreDeps> = async (app, deps) => {
  const { db, bus } = deps
  const tags = ['rewards']
  const unsubscribe = bus.subscribe('rewards.content.changed', () => {
    forgetShopContent(db)
  })
  app.addHook('onClose', async () => {
    unsubscribe()
  })

  app.get(
    '/:lang/shop/items',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'What the coin shop sells',
        description:
          'Enabled items in the operator’s order, texts in the language of `lang`; prices in coins (two decimals), `stock` null when unlimited, `per_player_limit` null when none, else per `limit_period` (`day`: the UTC day, `week`: the ISO week, `ever`). Lottery tickets are listed only while a lottery sells them. Signed in: `bought` counts the player’s purchases of the item in its current limit period and `player_coins` is their coin balance; a visitor sees `bought` 0 and `player_coins` null. 404 `site.unknown_locale` for a language the site does not have.',
        params: LangParamsSchema,
        response: { 200: envelopeOf(ShopItemsSchema) },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request.params.lang)
      const playerId = (await request.session())?.playerId ?? undefined
      void reply.header('cache-control', 'no-store')
      return ok(await shopItemsView(db, lang, playerId))
    },
  )

  app.post(
    '/:lang/shop/purchase',
    {
      schema: {
        tags,
        summary: 'Buy a shop item with coins',
        description:
          'In one transaction: the price leaves the player’s coins, the stock drops by one and the item’s prize is granted (bonus money, free spins, a lootbox, wheel spins or lottery tickets). `idempotency_key` (8 to 80 characters) makes it once: the same key answers the first purchase, and the same key for another item is 409 `shop.key_reused`. 404 `shop.item_not_found` for an unknown or withdrawn item; 409 `rewards.barred` when the player’s limits bar them from play (a loss or wager limit reached), or the player’s protection bar (`protection.time_out`, `protection.self_exclusion`, `protection.closed`, `protection.register`, `protection.play_time`), `shop.sold_out`, `shop.limit_reached` (params `limit`, `period`), `shop.not_enough_coins` (params `price`, `coins`), `shop.no_open_lottery` for tickets while no lottery sells them. Needs a signed-in player (401) and the CSRF token.',
        params: LangParamsSchema,
        body: ShopPurchaseBodySchema,
        response: { 200: envelopeOf(ShopPurchaseSchema) },
      },
    },
    async (request, reply) => {
      languageOf(request.params.lang)
      const playerId = await requirePlayerId(request)
      const rates = await loadRates(db)
      const wording = await wordingOfEveryLocale(
        (locale) => deps.site.messages(locale),
        request.log,
      )
      const { row, granted } = await notifyAfterCommit({ bus, log: request.log }, (notify) =>
        purchaseItem(db, {
          playerId,
          itemId: request.body.item_id,
          idempotencyKey: request.body.idempotency_key,
          rates,
          notify,
          wording,
        }),
      )
      if (granted) {
        await announcePrizes({ db, bus, log: request.log }, playerId, [granted], {
          currencies: [COIN],
        })
      }
      void reply.header('cache-control', 'no-store')
      return ok(await purchaseAnswer(db, row))
    },
  )
}
