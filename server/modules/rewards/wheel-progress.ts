import { isLocalePrefix } from '#common/locales.ts'
import { executePrepared, type Tx } from '#db/client.ts'
import type { EngagementConsumer } from '#server/modules/engagement/index.ts'
import { loadRates, type RateTable } from '#server/modules/wallet/index.ts'
import { grantPrize } from './prizes.ts'
import { loadRewardsContent, textIn, wheelStanding, type RewardsContent } from './wheel-content.ts'

// Adds each player's real-money stakes (euro cents) to their progress on the wheel: every full
// step is a spin, the remainder stays. The row's lock is held to the drain's commit, so a spin
// running meanwhile waits and sees the spins added. Answers the progress before, to tell who got
// a new spin.
const PROGRESS = `
  with input as (
    select u.player_id, u.amount
    from jsonb_to_recordset($1::jsonb) as u(player_id uuid, amount bigint)
  ),
  before as (
    select pw.player_id, pw.progress_eur_minor from player_wheels pw
    where pw.wheel_id = $2 and pw.player_id in (select player_id from input)
    order by pw.player_id
    for update
  ),
  upserted as (
    insert into player_wheels as pw (player_id, wheel_id, progress_eur_minor, spins_available, updated_at)
    select i.player_id, $2, i.amount % $3::bigint, (i.amount / $3::bigint)::integer, now()
    from input i
    order by i.player_id
    on conflict (player_id, wheel_id) do update set
      progress_eur_minor = (pw.progress_eur_minor + excluded.progress_eur_minor
        + excluded.spins_available::bigint * $3::bigint) % $3::bigint,
      spins_available = pw.spins_available + ((pw.progress_eur_minor + excluded.progress_eur_minor
        + excluded.spins_available::bigint * $3::bigint) / $3::bigint)::integer,
      updated_at = now()
    returning pw.player_id, pw.progress_eur_minor, pw.spins_available
  )
  select u.player_id::text as player_id, u.progress_eur_minor::text as progress,
         u.spins_available as spins,
         ((coalesce(b.progress_eur_minor, 0) + i.amount) / $3::bigint)::integer as added
  from upserted u
  join input i on i.player_id = u.player_id
  left join before b on b.player_id = u.player_id`

const PLAYER_LOCALES = `
  select id::text as id, locale from players
  where id in (select jsonb_array_elements_text($1::jsonb)::uuid)`

// Read before the drain's transaction (`prepare`); one drain at a time runs on an instance.
let prepared: { content: RewardsContent; rates: RateTable } | undefined

const localeOf = (locales: ReadonlyMap<string, string>, playerId: string) => {
  const locale = locales.get(playerId) ?? 'en'
  return isLocalePrefix(locale) ? locale : 'en'
}

async function playerLocales(tx: Tx, playerIds: readonly string[]) {
  const rows =
    playerIds.length === 0
      ? []
      : await executePrepared<{ id: string; locale: string }>(
          tx,
          'rewards_player_locales',
          PLAYER_LOCALES,
          [JSON.stringify([...new Set(playerIds)])],
        )
  return new Map(rows.map((row) => [row.id, row.locale]))
}

/**
 * The wheel's progress from real-money stakes, and the lootboxes loyalty levels and quest tasks
 * give (`lootbox_sources`), in the engine's transaction: each event counts once. A player barred
 * from play earns nothing (the engine leaves their events out of the batch).
 */
export const wheelConsumer: EngagementConsumer = {
  name: 'wheel',
  prepare: async (db) => {
    const [content, rates] = await Promise.all([loadRewardsContent(db), loadRates(db)])
    prepared = { content, rates }
  },
  apply: async (tx, batch, notify, { bus, texts }) => {
    if (!prepared) return
    const { content, rates } = prepared
    const now = new Date()

    const stakes = new Map<string, bigint>()
    for (const { playerId, event, cashEurMinor } of batch.events) {
      if (event.kind === 'bet' && cashEurMinor > 0n) {
        stakes.set(playerId, (stakes.get(playerId) ?? 0n) + cashEurMinor)
      }
    }
    const grants: { playerId: string; lootboxId: number; key: string }[] = []
    for (const { playerId, event } of batch.events) {
      if (event.kind !== 'level_up' || !event.level) continue
      for (const lootboxId of content.levelSources.get(event.level) ?? []) {
        grants.push({ playerId, lootboxId, key: `level:${playerId}:${event.level}:${lootboxId}` })
      }
    }
    for (const reward of batch.rewards) {
      for (const lootboxId of content.questSources.get(reward.templateId) ?? []) {
        grants.push({
          playerId: reward.playerId,
          lootboxId,
          key: `quest:${reward.playerId}:${reward.templateId}:${reward.periodKey}:${lootboxId}`,
        })
      }
    }
    const wheel = content.wheel
    if ((stakes.size === 0 || !wheel) && grants.length === 0) return

    const moved: { playerId: string; progress: bigint; spins: number; added: number }[] = []
    if (wheel && stakes.size > 0) {
      const rows = await executePrepared<{
        player_id: string
        progress: string
        spins: number
        added: number
      }>(tx, 'rewards_wheel_progress', PROGRESS, [
        JSON.stringify(
          [...stakes]
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([player_id, amount]) => ({ player_id, amount: amount.toString() })),
        ),
        wheel.id,
        wheel.spinEveryEurMinor.toString(),
      ])
      for (const row of rows) {
        moved.push({
          playerId: row.player_id,
          progress: BigInt(row.progress),
          spins: row.spins,
          added: row.added,
        })
      }
    }

    const locales = await playerLocales(tx, [
      ...moved.filter((entry) => entry.added > 0).map((entry) => entry.playerId),
      ...grants.map((grant) => grant.playerId),
    ])
    for (const entry of moved) {
      if (entry.added === 0) continue
      const locale = localeOf(locales, entry.playerId)
      const text = texts(locale)
      await notify(tx, {
        playerId: entry.playerId,
        type: 'fortune_wheel_spin_available',
        text: text('notifications_text.fortune_wheel_spin_available', { spins: entry.spins }),
        url: `/${locale}/wheel/`,
        btnText: text('notifications_text.fortune_wheel_spin_button'),
      })
    }
    for (const grant of grants) {
      const granted = await grantPrize(tx, {
        playerId: grant.playerId,
        prize: { kind: 'lootbox', lootboxId: grant.lootboxId },
        key: grant.key,
        rates,
        now,
        notify,
        wording: texts,
      })
      // Given before (a level reached again after a reset): nothing new to tell.
      if (granted.playerLootboxId === null) continue
      const locale = localeOf(locales, grant.playerId)
      const text = texts(locale)
      const kind = content.lootboxes.find((candidate) => candidate.id === grant.lootboxId)
      await notify(tx, {
        playerId: grant.playerId,
        type: 'lootbox_received',
        text: text('notifications_text.lootbox_received', {
          lootbox: kind ? textIn(kind.texts, locale, 'title') : '',
        }),
        url: `/${locale}/lootboxes/`,
        btnText: text('notifications_text.lootbox_open_button'),
      })
    }

    if (!wheel || moved.length === 0) return
    // Progress moves without a new spin too: every moved player's page hears of it.
    return async () => {
      for (const entry of moved) {
        await bus.publish('wheel.progress', {
          playerId: entry.playerId,
          wheelId: wheel.id,
          ...wheelStanding(wheel, {
            progressEurMinor: entry.progress,
            spinsAvailable: entry.spins,
          }),
        })
      }
    }
  },
}
