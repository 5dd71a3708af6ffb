import { and, eq, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type LocalePrefix } from '#common/locales.ts'
import type { Db, Tx } from '#db/client.ts'
import { envelopeOf, ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { requirePlayerId } from '#server/modules/auth/index.ts'
import { inLedgerTransaction } from '#server/modules/ledger/index.ts'
import { assertNotBarredFromPlay } from '#server/modules/limits/index.ts'
import { activeSeedPair } from '#server/modules/originals/index.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import { drawEntry } from './draw.ts'
import { grantPrize } from './prizes.ts'
import { WheelSchema, WheelSpinSchema, type Wheel } from './rewards.contract.ts'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { playerWheels } from './rewards.tables.ts'
import {
  forgetRewardsContent,
  loadRewardsContent,
  textIn,
  wheelSegmentsIn,
  wheelStanding,
  type RewardsContent,
} from './wheel-content.ts'
import { notifyAfterCommit } from '#server/modules/notifications/index.ts'
import { announcePrizes } from './prizes.ts'
import { languageOf, LangParamsSchema, wordingOfEveryLocale } from '#server/modules/site/index.ts'

type OfferedWheel = NonNullable<RewardsContent['wheel']>
type PlayerWheelRow = typeof playerWheels.$inferSelect

/** The spec's wheel entity for a player's standing (none for a visitor). */
function wheelView(
  wheel: OfferedWheel,
  lang: LocalePrefix,
  row: PlayerWheelRow | undefined,
  seed: Wheel['seed'],
): Wheel {
  return {
    id: wheel.id,
    title: textIn(wheel.texts, lang, 'title'),
    text: textIn(wheel.texts, lang, 'text'),
    bonuses: wheelSegmentsIn(wheel.segments, lang),
    ...wheelStanding(wheel, row),
    seed,
  }
}

async function seedOf(db: Db | Tx, box: SecretBox, playerId: string): Promise<Wheel['seed']> {
  const pair = await activeSeedPair(db, box, playerId)
  return {
    server_seed_hash: pair.serverSeedHash,
    client_seed: pair.clientSeed,
    nonce: pair.nextNonce,
  }
}

/**
 * The prize wheel (spec: `GET /{locale}/fortune-wheel`, `GET /{locale}/fortune-wheel/spin`). A
 * spin is one transaction: the player's wheel row locked, the spin spent, the draw made with the
 * player's provably fair seed pair and recorded, the prize paid.
 */
export const wheelRoutes: FastifyPluginAsyncZod<CoreDeps> = async (app, deps) => {
  const { db, bus, secretBox } = deps
  const tags = ['rewards']
  const unsubscribe = bus.subscribe('rewards.content.changed', () => {
    forgetRewardsContent(db)
  })
  app.addHook('onClose', async () => {
    unsubscribe()
  })

  const offered = async () => {
    const { wheel } = await loadRewardsContent(db)
    if (!wheel || wheel.segments.length === 0) throw new AppError('wheel.not_found')
    return wheel
  }
  const standingOf = async (db: Db | Tx, playerId: string, wheelId: number) => {
    const [row] = await db
      .select()
      .from(playerWheels)
      .where(and(eq(playerWheels.playerId, playerId), eq(playerWheels.wheelId, wheelId)))
    return row
  }

  app.get(
    '/:lang/fortune-wheel',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'The prize wheel',
        description:
          'The offered wheel: its segments in drawing order (`bonuses`, `bonus_id` the segment’s id, label in the language of `lang`, colour, prize, published probability in percent), euros wagered with real money toward the next spin (`progress`, of `expected`), `player_can_spin` and `spins_available`, and the seed pair the next spin uses (`seed`: the server seed’s hash, the client seed, the nonce). A visitor sees progress 0, no spin and `seed` null. 404 `wheel.not_found` when no wheel is offered; 404 `site.unknown_locale` for a language the site does not have.',
        params: LangParamsSchema,
        response: { 200: envelopeOf(WheelSchema) },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request.params.lang)
      const wheel = await offered()
      const playerId = (await request.session())?.playerId ?? undefined
      void reply.header('cache-control', 'no-store')
      if (!playerId) return ok(wheelView(wheel, lang, undefined, null))
      const row = await standingOf(db, playerId, wheel.id)
      return ok(wheelView(wheel, lang, row, await seedOf(db, secretBox, playerId)))
    },
  )

  app.get(
    '/:lang/fortune-wheel/spin',
    {
      // The spec's path is a GET, but it spends a spin and pays a prize.
      config: { csrf: true },
      schema: {
        tags,
        summary: 'Spin the prize wheel',
        description:
          'Spends one of the player’s spins and draws a segment with the player’s seed pair at its next nonce: the first uint32 of HMAC-SHA256(server seed, `client seed:nonce:0`) picks by the published weights. The prize is paid at once (coins, money, bonus money, free spins, a lootbox, another spin). Answers `success`, the won segment (`bonus`; its position in `bonuses` is the winning index), the draw’s id (to verify once the pair is rotated) and the wheel after. Signed in only (401 `auth.sign_in_required`); needs the CSRF token. 409 `wheel.no_spin` without a spin waiting; 409 `rewards.barred` when the player’s limits bar them from play (a loss or wager limit reached), or the player’s protection bar (`protection.time_out`, `protection.self_exclusion`, `protection.closed`, `protection.register`, `protection.play_time`); 404 `wheel.not_found`.',
        params: LangParamsSchema,
        response: { 200: envelopeOf(WheelSpinSchema) },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request.params.lang)
      const playerId = await requirePlayerId(request)
      // Read before the transaction: on the embedded database a read on `db` inside it would wait.
      const wheel = await offered()
      const rates = await loadRates(db)
      const wording = await wordingOfEveryLocale(
        (locale) => deps.site.messages(locale),
        request.log,
      )
      const now = new Date()
      const log = request.log
      const spun = await notifyAfterCommit({ bus, log }, (notify) =>
        inLedgerTransaction(db, async (tx) => {
          const [row] = await tx
            .select()
            .from(playerWheels)
            .where(and(eq(playerWheels.playerId, playerId), eq(playerWheels.wheelId, wheel.id)))
            .for('update')
          if (!row || row.spinsAvailable < 1) throw new AppError('wheel.no_spin')
          await assertNotBarredFromPlay(tx, playerId, {
            rates,
            lock: 'share',
            limitError: 'rewards.barred',
          })
          const { draw, entry } = await drawEntry(tx, secretBox, {
            playerId,
            kind: 'wheel',
            sourceId: wheel.id,
            entries: wheel.segments,
            now,
          })
          await tx
            .update(playerWheels)
            .set({
              spinsAvailable: sql`${playerWheels.spinsAvailable} - 1`,
              spinsUsed: sql`${playerWheels.spinsUsed} + 1`,
              updatedAt: now,
            })
            .where(and(eq(playerWheels.playerId, playerId), eq(playerWheels.wheelId, wheel.id)))
          const granted = await grantPrize(tx, {
            playerId,
            prize: entry.prize,
            key: `wheel:${draw.id}`,
            rates,
            now,
            notify,
            wording,
          })
          // The prize may be another spin: read the row as the transaction leaves it.
          const after = await standingOf(tx, playerId, wheel.id)
          return { draw, entry, granted, after, seed: await seedOf(tx, secretBox, playerId) }
        }),
      )
      await announcePrizes({ db, bus, log }, playerId, [spun.granted], { wheelIds: [wheel.id] })
      const view = wheelView(wheel, lang, spun.after, spun.seed)
      const bonus = view.bonuses.find((segment) => segment.id === spun.entry.id)
      if (!bonus) throw new Error('won segment missing from the wheel')
      void reply.header('cache-control', 'no-store')
      return ok({ success: true, bonus, draw_id: spun.draw.id, wheel: view })
    },
  )
}
