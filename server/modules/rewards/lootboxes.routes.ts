import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { LocalePrefix } from '#common/locales.ts'
import { envelopeOf, ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { requirePlayerId } from '#server/modules/auth/index.ts'
import { inLedgerTransaction } from '#server/modules/ledger/index.ts'
import { assertNotBarredFromPlay } from '#server/modules/limits/index.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import { drawEntry } from './draw.ts'
import { grantPrize } from './prizes.ts'
import {
  LootboxClaimSchema,
  LootboxDetailsSchema,
  PlayerLootboxSchema,
  type PlayerLootbox,
} from './rewards.contract.ts'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { playerLootboxes, rewardDraws } from './rewards.tables.ts'
import {
  loadRewardsContent,
  lootboxDetailsIn,
  lootboxPrizesIn,
  type RewardsContent,
} from './wheel-content.ts'
import { notifyAfterCommit } from '#server/modules/notifications/index.ts'
import { announcePrizes } from './prizes.ts'
import { languageOf, LangParamsSchema, wordingOfEveryLocale } from '#server/modules/site/index.ts'

type PlayerLootboxRow = typeof playerLootboxes.$inferSelect
type DrawRow = typeof rewardDraws.$inferSelect

/** The player's lootboxes shown: the active ones first, then the newest. */
const LIST_LIMIT = 100

const ClaimParamsSchema = LangParamsSchema.extend({ id: z.uuid() })

/** A player's lootbox as the page shows it: an active one past its expiry reads `expired`. */
function playerLootboxView(
  content: RewardsContent,
  lang: LocalePrefix,
  row: PlayerLootboxRow,
  draw: DrawRow | undefined,
  now: Date,
): PlayerLootbox {
  const kind = content.lootboxes.find((candidate) => candidate.id === row.lootboxId)
  const entryId = draw?.entryIds[draw.index]
  const published = kind ? lootboxPrizesIn(kind.prizes, lang) : []
  const labelled = published.find((entry) => entry.id === entryId)
  return {
    id: row.id,
    lootbox_id: row.lootboxId,
    status: row.status === 'active' && row.expiredAt <= now ? 'expired' : row.status,
    expired_at: row.expiredAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    opened_at: row.openedAt?.toISOString() ?? null,
    prize: draw
      ? {
          id: entryId ?? 0,
          label: labelled?.label ?? '',
          prize: draw.prize,
          probability: labelled?.probability ?? 0,
        }
      : null,
    draw_id: row.drawId,
  }
}

/**
 * Lootboxes (spec: `GET /{locale}/lootbox/api`, `GET /{locale}/lootbox/player`,
 * `POST /{locale}/lootbox/player/claim/{id}`). Opening one is one transaction: the player's
 * lootbox locked, checked, drawn with the player's seed pair, marked opened and its prize paid.
 */
export const lootboxRoutes: FastifyPluginAsyncZod<CoreDeps> = async (app, deps) => {
  const { db, bus, secretBox } = deps
  const tags = ['rewards']
  // The content cache is dropped on `rewards.content.changed` by the wheel's routes.
  const SIGNED_IN = 'Signed in only (401 `auth.sign_in_required`).'

  const drawsOf = async (ids: readonly string[]) =>
    ids.length === 0
      ? []
      : db
          .select()
          .from(rewardDraws)
          .where(inArray(rewardDraws.id, [...ids]))

  app.get(
    '/:lang/lootbox/api',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'The kinds of lootbox and their odds',
        description:
          'Every enabled kind of lootbox in the operator’s order (`api_lootbox_id`), texts in the language of `lang`, the days one waits before it expires unopened, and its odds table: each prize with its published probability in percent. For visitors too. 404 `site.unknown_locale`.',
        params: LangParamsSchema,
        response: { 200: envelopeOf(z.object({ lootboxes: z.array(LootboxDetailsSchema) })) },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request.params.lang)
      const content = await loadRewardsContent(db)
      void reply.header('cache-control', 'no-store')
      return ok({
        lootboxes: content.lootboxes
          .filter((kind) => kind.isEnabled && kind.prizes.length > 0)
          .map((kind) => lootboxDetailsIn(kind, lang)),
      })
    },
  )

  app.get(
    '/:lang/lootbox/player',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'The player’s lootboxes',
        description: `The player’s lootboxes, active ones first, then the newest, at most ${LIST_LIMIT}: the kind (\`lootbox_id\`), \`status\` (\`active\`, \`opened\`, \`expired\`; an active one past \`expired_at\` reads \`expired\`), and once opened what it gave and the draw to verify. ${SIGNED_IN}`,
        params: LangParamsSchema,
        response: { 200: envelopeOf(z.object({ lootboxes: z.array(PlayerLootboxSchema) })) },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request.params.lang)
      const playerId = await requirePlayerId(request)
      const now = new Date()
      const content = await loadRewardsContent(db)
      const rows = await db
        .select()
        .from(playerLootboxes)
        .where(eq(playerLootboxes.playerId, playerId))
        .orderBy(
          sql`(${playerLootboxes.status} = 'active' and ${playerLootboxes.expiredAt} > ${now.toISOString()}) desc`,
          desc(playerLootboxes.createdAt),
          desc(playerLootboxes.id),
        )
        .limit(LIST_LIMIT)
      const draws = await drawsOf(rows.flatMap((row) => (row.drawId ? [row.drawId] : [])))
      void reply.header('cache-control', 'no-store')
      return ok({
        lootboxes: rows.map((row) =>
          playerLootboxView(
            content,
            lang,
            row,
            draws.find((draw) => draw.id === row.drawId),
            now,
          ),
        ),
      })
    },
  )

  app.post(
    '/:lang/lootbox/player/claim/:id',
    {
      schema: {
        tags,
        summary: 'Open one of the player’s lootboxes',
        description: `Draws a prize from the lootbox’s published odds with the player’s seed pair at its next nonce (the first uint32 of the draw’s stream, by weight), pays it, and marks the lootbox opened. Answers the lootbox after, the prize, its position in the odds table (\`index\`) and the draw’s id. 404 \`lootbox.not_found\` for an unknown id or someone else’s; 409 \`lootbox.already_opened\`; 409 \`lootbox.expired\` (it is marked so); 409 \`rewards.barred\` when the player’s limits bar them from play (a loss or wager limit reached), or the player’s protection bar (\`protection.time_out\`, \`protection.self_exclusion\`, \`protection.closed\`, \`protection.register\`, \`protection.play_time\`). ${SIGNED_IN}`,
        params: ClaimParamsSchema,
        response: { 200: envelopeOf(LootboxClaimSchema) },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request.params.lang)
      const playerId = await requirePlayerId(request)
      // Read before the transaction: on the embedded database a read on `db` inside it would wait.
      const content = await loadRewardsContent(db)
      const rates = await loadRates(db)
      const wording = await wordingOfEveryLocale(
        (locale) => deps.site.messages(locale),
        request.log,
      )
      const now = new Date()
      const log = request.log
      const opened = await notifyAfterCommit({ bus, log }, (notify) =>
        inLedgerTransaction(db, async (tx) => {
          const [row] = await tx
            .select()
            .from(playerLootboxes)
            .where(
              and(
                eq(playerLootboxes.id, request.params.id),
                eq(playerLootboxes.playerId, playerId),
              ),
            )
            .for('update')
          if (!row) throw new AppError('lootbox.not_found')
          if (row.status === 'opened') throw new AppError('lootbox.already_opened')
          if (row.status === 'expired' || row.expiredAt <= now) {
            // Committed as the answer's only change: the transaction returns rather than throws.
            await tx
              .update(playerLootboxes)
              .set({ status: 'expired' })
              .where(eq(playerLootboxes.id, row.id))
            return { expired: true as const }
          }
          await assertNotBarredFromPlay(tx, playerId, {
            rates,
            lock: 'share',
            limitError: 'rewards.barred',
          })
          const kind = content.lootboxes.find((candidate) => candidate.id === row.lootboxId)
          if (!kind || kind.prizes.length === 0) throw new AppError('lootbox.not_found')
          const { draw, entry, index } = await drawEntry(tx, secretBox, {
            playerId,
            kind: 'lootbox',
            sourceId: kind.id,
            entries: kind.prizes,
            now,
          })
          const [after] = await tx
            .update(playerLootboxes)
            .set({ status: 'opened', openedAt: now, drawId: draw.id })
            .where(eq(playerLootboxes.id, row.id))
            .returning()
          if (!after) throw new Error('lootbox vanished while opening')
          const granted = await grantPrize(tx, {
            playerId,
            prize: entry.prize,
            key: `lootbox:${draw.id}`,
            rates,
            now,
            notify,
            wording,
          })
          return { expired: false as const, after, draw, index, granted }
        }),
      )
      if (opened.expired) throw new AppError('lootbox.expired')
      await announcePrizes({ db, bus, log }, playerId, [opened.granted])
      const view = playerLootboxView(content, lang, opened.after, opened.draw, now)
      if (!view.prize) throw new Error('opened lootbox without its prize')
      void reply.header('cache-control', 'no-store')
      return ok({ lootbox: view, prize: view.prize, index: opened.index, draw_id: opened.draw.id })
    },
  )
}
