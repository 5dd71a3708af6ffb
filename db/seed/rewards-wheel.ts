import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Prize } from '#common/rewards-rules.ts'
import type { Tx } from '#db/client.ts'
import { games } from '#server/modules/catalogue/catalogue.tables.ts'
import { players } from '#server/modules/players/players.tables.ts'
import {
  lootboxes,
  lootboxPrizes,
  lootboxSources,
  playerLootboxes,
  playerWheels,
  wheels,
  wheelSegments,
} from '#server/modules/rewards/rewards.tables.ts'
import { DEMO_PLAYER } from './demo-accounts.ts'
import { seedPage, type BlockWords } from './engagement-pages.ts'
import { inEveryLocale, pick, type Words } from './engagement-texts.ts'

// The demo wheel and lootboxes (issue 24) in the site's ten languages, mapped onto the 16 locales.
// Odds are parts per million; each table sums to 1,000,000, so a weight reads as its chance.

/** Fills `{n}`, `{a}` (euros) and `{game}` into each language's wording. */
const filled = (words: Words, values: Record<string, string | number>): Words =>
  words.map((text) =>
    text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? '')),
  ) as unknown as Words

const COINS: Words = [
  '{n} coins',
  '{n} Münzen',
  '{n} pièces',
  '{n} moedas',
  '{n} mynter',
  '{n} monet',
  '{n} kolikkoa',
  '{n} عملة',
  '{n} monete',
  '{n} münti',
]
const BONUS: Words = [
  '€{a} bonus money',
  '{a} € Bonusgeld',
  '{a} € d’argent bonus',
  '{a} € em dinheiro de bónus',
  '{a} € i bonuspenger',
  '{a} € środków bonusowych',
  '{a} € bonusrahaa',
  '{a} € أموال مكافأة',
  '{a} € di denaro bonus',
  '{a} € boonusraha',
]
const CASH: Words = [
  '€{a} cash',
  '{a} € Echtgeld',
  '{a} € en argent réel',
  '{a} € em dinheiro real',
  '{a} € i kontanter',
  '{a} € w gotówce',
  '{a} € käteistä',
  '{a} € نقدًا',
  '{a} € in denaro reale',
  '{a} € päris raha',
]
const FREE_SPINS: Words = [
  '{n} free spins on {game}',
  '{n} Freispiele für {game}',
  '{n} tours gratuits sur {game}',
  '{n} rodadas grátis em {game}',
  '{n} gratisspinn på {game}',
  '{n} darmowych spinów w {game}',
  '{n} ilmaiskierrosta peliin {game}',
  'دورات مجانية ({n}) في {game}',
  '{n} giri gratis su {game}',
  '{n} tasuta keerutust mängus {game}',
]
const EXTRA_SPIN: Words = [
  'An extra spin',
  'Ein Extra-Dreh',
  'Un tour de plus',
  'Uma rodada extra',
  'En ekstra snurr',
  'Dodatkowy obrót',
  'Lisäpyöräytys',
  'دورة إضافية',
  'Un giro extra',
  'Lisakeerutus',
]
const EXTRA_SPINS: Words = [
  '{n} extra spins',
  '{n} Extra-Drehs',
  '{n} tours de plus',
  '{n} rodadas extra',
  '{n} ekstra snurr',
  '{n} dodatkowe obroty',
  '{n} lisäpyöräytystä',
  'دورات إضافية: {n}',
  '{n} giri extra',
  '{n} lisakeerutust',
]

export type BoxSlug = 'bronze' | 'silver' | 'gold'

/** The lootboxes' names, as the lootboxes page shows them (tournament prizes name them too). */
export const BOX_NAMES: Record<BoxSlug, Words> = {
  bronze: [
    'Bronze chest',
    'Bronzetruhe',
    'Coffre de bronze',
    'Baú de bronze',
    'Bronsekiste',
    'Brązowa skrzynia',
    'Pronssiarkku',
    'صندوق برونزي',
    'Forziere di bronzo',
    'Pronkskirst',
  ],
  silver: [
    'Silver chest',
    'Silbertruhe',
    'Coffre d’argent',
    'Baú de prata',
    'Sølvkiste',
    'Srebrna skrzynia',
    'Hopea-arkku',
    'صندوق فضي',
    'Forziere d’argento',
    'Hõbekirst',
  ],
  gold: [
    'Gold chest',
    'Goldtruhe',
    'Coffre d’or',
    'Baú de ouro',
    'Gullkiste',
    'Złota skrzynia',
    'Kulta-arkku',
    'صندوق ذهبي',
    'Forziere d’oro',
    'Kuldkirst',
  ],
}

const BOX_TEXTS: Record<BoxSlug, Words> = {
  bronze: [
    'Earned at level 2. Coins, bonus money, an extra spin of the wheel, or a little cash.',
    'Ab Stufe 2. Münzen, Bonusgeld, ein Extra-Dreh am Glücksrad oder etwas Echtgeld.',
    'Gagné au niveau 2. Des pièces, de l’argent bonus, un tour de roue en plus ou un peu d’argent réel.',
    'Ganho no nível 2. Moedas, dinheiro de bónus, uma rodada extra da roda ou algum dinheiro real.',
    'Tjenes på nivå 2. Mynter, bonuspenger, en ekstra snurr på hjulet eller litt kontanter.',
    'Zdobywana na poziomie 2. Monety, środki bonusowe, dodatkowy obrót kołem albo trochę gotówki.',
    'Ansaitaan tasolla 2. Kolikoita, bonusrahaa, lisäpyöräytys tai vähän käteistä.',
    'تُكسب في المستوى 2. عملات أو أموال مكافأة أو دورة إضافية على العجلة أو بعض النقود.',
    'Si ottiene al livello 2. Monete, denaro bonus, un giro extra della ruota o un po’ di denaro reale.',
    'Teenitakse 2. tasemel. Mündid, boonusraha, lisakeerutus rattal või pisut päris raha.',
  ],
  silver: [
    'Earned at level 4. More coins, bonus money, free spins, a bronze chest, or cash.',
    'Ab Stufe 4. Mehr Münzen, Bonusgeld, Freispiele, eine Bronzetruhe oder Echtgeld.',
    'Gagné au niveau 4. Plus de pièces, de l’argent bonus, des tours gratuits, un coffre de bronze ou de l’argent réel.',
    'Ganho no nível 4. Mais moedas, dinheiro de bónus, rodadas grátis, um baú de bronze ou dinheiro real.',
    'Tjenes på nivå 4. Flere mynter, bonuspenger, gratisspinn, en bronsekiste eller kontanter.',
    'Zdobywana na poziomie 4. Więcej monet, środki bonusowe, darmowe spiny, brązowa skrzynia albo gotówka.',
    'Ansaitaan tasolla 4. Enemmän kolikoita, bonusrahaa, ilmaiskierroksia, pronssiarkku tai käteistä.',
    'تُكسب في المستوى 4. عملات أكثر أو أموال مكافأة أو دورات مجانية أو صندوق برونزي أو نقود.',
    'Si ottiene al livello 4. Più monete, denaro bonus, giri gratis, un forziere di bronzo o denaro reale.',
    'Teenitakse 4. tasemel. Rohkem münte, boonusraha, tasuta keerutusi, pronkskirst või päris raha.',
  ],
  gold: [
    'Earned at level 6. The richest chest: big coin piles, bonus money, free spins, a silver chest, or €20 cash.',
    'Ab Stufe 6. Die reichste Truhe: viele Münzen, Bonusgeld, Freispiele, eine Silbertruhe oder 20 € Echtgeld.',
    'Gagné au niveau 6. Le coffre le plus riche : beaucoup de pièces, de l’argent bonus, des tours gratuits, un coffre d’argent ou 20 € en argent réel.',
    'Ganho no nível 6. O baú mais rico: muitas moedas, dinheiro de bónus, rodadas grátis, um baú de prata ou 20 € em dinheiro real.',
    'Tjenes på nivå 6. Den rikeste kisten: mange mynter, bonuspenger, gratisspinn, en sølvkiste eller 20 € i kontanter.',
    'Zdobywana na poziomie 6. Najbogatsza skrzynia: dużo monet, środki bonusowe, darmowe spiny, srebrna skrzynia albo 20 € w gotówce.',
    'Ansaitaan tasolla 6. Rikkain arkku: paljon kolikoita, bonusrahaa, ilmaiskierroksia, hopea-arkku tai 20 € käteistä.',
    'تُكسب في المستوى 6. أغنى صندوق: عملات كثيرة أو أموال مكافأة أو دورات مجانية أو صندوق فضي أو 20 € نقدًا.',
    'Si ottiene al livello 6. Il forziere più ricco: tante monete, denaro bonus, giri gratis, un forziere d’argento o 20 € in denaro reale.',
    'Teenitakse 6. tasemel. Kõige rikkam kirst: palju münte, boonusraha, tasuta keerutusi, hõbekirst või 20 € päris raha.',
  ],
}

const BOX_ALTS: Record<BoxSlug, Words> = {
  bronze: [
    'A closed bronze treasure chest with a glowing lock',
    'Eine geschlossene Bronzetruhe mit leuchtendem Schloss',
    'Un coffre au trésor en bronze fermé, à la serrure lumineuse',
    'Um baú de tesouro de bronze fechado com fechadura brilhante',
    'En lukket bronsekiste med glødende lås',
    'Zamknięta brązowa skrzynia skarbów ze świecącym zamkiem',
    'Suljettu pronssinen aarrearkku, jonka lukko hehkuu',
    'صندوق كنز برونزي مغلق بقفل متوهج',
    'Un forziere di bronzo chiuso con una serratura luminosa',
    'Suletud pronksist aardekirst helendava lukuga',
  ],
  silver: [
    'A closed silver treasure chest with a glowing lock',
    'Eine geschlossene Silbertruhe mit leuchtendem Schloss',
    'Un coffre au trésor en argent fermé, à la serrure lumineuse',
    'Um baú de tesouro de prata fechado com fechadura brilhante',
    'En lukket sølvkiste med glødende lås',
    'Zamknięta srebrna skrzynia skarbów ze świecącym zamkiem',
    'Suljettu hopeinen aarrearkku, jonka lukko hehkuu',
    'صندوق كنز فضي مغلق بقفل متوهج',
    'Un forziere d’argento chiuso con una serratura luminosa',
    'Suletud hõbedane aardekirst helendava lukuga',
  ],
  gold: [
    'A closed gold treasure chest with a glowing lock',
    'Eine geschlossene Goldtruhe mit leuchtendem Schloss',
    'Un coffre au trésor en or fermé, à la serrure lumineuse',
    'Um baú de tesouro de ouro fechado com fechadura brilhante',
    'En lukket gullkiste med glødende lås',
    'Zamknięta złota skrzynia skarbów ze świecącym zamkiem',
    'Suljettu kultainen aarrearkku, jonka lukko hehkuu',
    'صندوق كنز ذهبي مغلق بقفل متوهج',
    'Un forziere d’oro chiuso con una serratura luminosa',
    'Suletud kuldne aardekirst helendava lukuga',
  ],
}

const WHEEL_TITLE: Words = [
  'The Aurum wheel',
  'Das Aurum-Glücksrad',
  'La roue Aurum',
  'A roda Aurum',
  'Aurum-hjulet',
  'Koło Aurum',
  'Aurum-onnenpyörä',
  'عجلة Aurum',
  'La ruota Aurum',
  'Aurumi ratas',
]
const WHEEL_TEXT: Words = [
  'Every €20 you wager with real money earns a spin. Every segment pays: coins, bonus money, free spins, a chest, another spin or cash.',
  'Je 20 € Echtgeld-Einsatz gibt es einen Dreh. Jedes Feld gewinnt: Münzen, Bonusgeld, Freispiele, eine Truhe, ein weiterer Dreh oder Echtgeld.',
  'Chaque tranche de 20 € misée en argent réel vous donne un tour. Chaque case gagne : pièces, argent bonus, tours gratuits, un coffre, un autre tour ou de l’argent réel.',
  'Cada 20 € apostados com dinheiro real dão uma rodada. Cada segmento paga: moedas, dinheiro de bónus, rodadas grátis, um baú, outra rodada ou dinheiro real.',
  'Hver 20 € du satser med ekte penger gir en snurr. Hvert felt vinner: mynter, bonuspenger, gratisspinn, en kiste, en ny snurr eller kontanter.',
  'Każde 20 € postawione prawdziwymi pieniędzmi daje obrót. Każde pole wygrywa: monety, środki bonusowe, darmowe spiny, skrzynię, kolejny obrót albo gotówkę.',
  'Jokainen oikealla rahalla pelattu 20 € antaa pyöräytyksen. Jokainen lohko voittaa: kolikoita, bonusrahaa, ilmaiskierroksia, arkun, uuden pyöräytyksen tai käteistä.',
  'كل 20 € تراهن بها بأموال حقيقية تمنحك دورة. كل خانة رابحة: عملات أو أموال مكافأة أو دورات مجانية أو صندوق أو دورة أخرى أو نقود.',
  'Ogni 20 € puntati con denaro reale ti danno un giro. Ogni spicchio vince: monete, denaro bonus, giri gratis, un forziere, un altro giro o denaro reale.',
  'Iga päris rahaga panustatud 20 € annab keerutuse. Iga sektor võidab: mündid, boonusraha, tasuta keerutused, kirst, uus keerutus või päris raha.',
]

const FREE_SPIN_GAME = 'Starlight Spins'
const FREE_SPIN_STAKE = '20'

interface Entry {
  prize: Prize
  weight: number
  label: Words
}

const coins = (n: number): Entry['prize'] => ({ kind: 'coins', coinsMinor: String(n * 100) })
const euros = (cents: number) =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)

function labelOf(prize: Prize, boxNames: ReadonlyMap<number, Words>): Words {
  switch (prize.kind) {
    case 'coins':
      return filled(COINS, { n: Number(prize.coinsMinor) / 100 })
    case 'bonus':
      return filled(BONUS, { a: euros(Number(prize.eurMinor)) })
    case 'cash':
      return filled(CASH, { a: euros(Number(prize.eurMinor)) })
    case 'free_spins':
      return filled(FREE_SPINS, { n: prize.spins, game: FREE_SPIN_GAME })
    case 'wheel_spin':
      return prize.spins === 1 ? EXTRA_SPIN : filled(EXTRA_SPINS, { n: prize.spins })
    case 'lootbox': {
      const name = boxNames.get(prize.lootboxId)
      if (!name) throw new Error(`seed: lootbox ${prize.lootboxId} has no name`)
      return name
    }
    case 'lottery_ticket':
      throw new Error('seed: the wheel and lootboxes give no lottery tickets')
  }
}

/** An odds table's entry as seeded: its prize and weight. */
export type OddsEntry = Omit<Entry, 'label'>

const entry = (prize: Prize, weight: number): OddsEntry => ({ prize, weight })

/**
 * The chests' odds tables (parts per million) as seeded; `sim:odds` draws from the same tables.
 * `lootboxId` names the chests a prize gives.
 */
export function lootboxTables(
  gameId: string,
  id: (slug: BoxSlug) => number,
): Record<BoxSlug, OddsEntry[]> {
  return {
    bronze: [
      entry(coins(25), 400_000),
      entry(coins(75), 300_000),
      entry({ kind: 'bonus', eurMinor: '200' }, 200_000),
      entry({ kind: 'wheel_spin', spins: 1 }, 90_000),
      entry({ kind: 'cash', eurMinor: '100' }, 10_000),
    ],
    silver: [
      entry(coins(100), 400_000),
      entry({ kind: 'bonus', eurMinor: '500' }, 250_000),
      entry(freeSpins(gameId, 10), 200_000),
      entry({ kind: 'lootbox', lootboxId: id('bronze') }, 100_000),
      entry({ kind: 'cash', eurMinor: '500' }, 50_000),
    ],
    gold: [
      entry(coins(300), 350_000),
      entry({ kind: 'bonus', eurMinor: '1500' }, 250_000),
      entry(freeSpins(gameId, 20), 200_000),
      entry({ kind: 'lootbox', lootboxId: id('silver') }, 120_000),
      entry({ kind: 'wheel_spin', spins: 2 }, 50_000),
      entry({ kind: 'cash', eurMinor: '2000' }, 30_000),
    ],
  }
}

/**
 * The Aurum wheel's segments (parts per million) as seeded; `sim:odds` draws from the same table.
 * Colours alternate warm and cool so neighbours stay apart on the dark theme.
 */
export function wheelTable(gameId: string, bronzeId: number): (OddsEntry & { color: string })[] {
  return [
    { ...entry(coins(50), 300_000), color: '#d4a017' },
    { ...entry({ kind: 'bonus', eurMinor: '500' }, 150_000), color: '#2e86de' },
    { ...entry(coins(100), 200_000), color: '#e67e22' },
    { ...entry(freeSpins(gameId, 10), 100_000), color: '#8e44ad' },
    { ...entry({ kind: 'lootbox', lootboxId: bronzeId }, 100_000), color: '#b87333' },
    { ...entry({ kind: 'wheel_spin', spins: 1 }, 100_000), color: '#16a085' },
    { ...entry({ kind: 'cash', eurMinor: '200' }, 40_000), color: '#c0392b' },
    { ...entry(coins(250), 10_000), color: '#27ae60' },
  ]
}

async function freeSpinGameId(tx: Tx): Promise<string> {
  const [game] = await tx
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.providerId, 'demo-studio'), eq(games.title, FREE_SPIN_GAME)))
  if (!game) throw new Error(`seed: ${FREE_SPIN_GAME} is not in the catalogue`)
  return game.id
}

const freeSpins = (gameId: string, spins: number): Prize => ({
  kind: 'free_spins',
  gameId,
  spins,
  stakeEurMinor: FREE_SPIN_STAKE,
})

async function boxIds(tx: Tx): Promise<Map<BoxSlug, number>> {
  const rows = await tx.select({ id: lootboxes.id, slug: lootboxes.slug }).from(lootboxes)
  return new Map(
    rows.flatMap((row) => (row.slug in BOX_NAMES ? [[row.slug as BoxSlug, row.id] as const] : [])),
  )
}

/** Bronze, silver and gold chests with their odds, art and the levels that give them. */
export async function seedLootboxes(tx: Tx, _now: Date): Promise<void> {
  const existing = await boxIds(tx)
  if (existing.size > 0) return
  const gameId = await freeSpinGameId(tx)
  const slugs: BoxSlug[] = ['bronze', 'silver', 'gold']
  const ids = new Map<BoxSlug, number>()
  for (const [index, slug] of slugs.entries()) {
    const [row] = await tx
      .insert(lootboxes)
      .values({
        slug,
        texts: inEveryLocale((language) => ({
          title: pick(BOX_NAMES[slug], language),
          text: pick(BOX_TEXTS[slug], language),
          imageAlt: pick(BOX_ALTS[slug], language),
        })),
        imageUrl: `/lootboxes/${slug}.svg`,
        validDays: [14, 21, 30][index] ?? 14,
        sort: (index + 1) * 10,
      })
      .returning({ id: lootboxes.id })
    if (!row) throw new Error(`seed: lootbox ${slug} not created`)
    ids.set(slug, row.id)
  }
  const id = (slug: BoxSlug) => ids.get(slug) ?? 0
  const tables = lootboxTables(gameId, id)
  const names = new Map(slugs.map((slug) => [id(slug), BOX_NAMES[slug]]))
  for (const slug of slugs) {
    await tx.insert(lootboxPrizes).values(
      tables[slug].map((prize, sort) => ({
        lootboxId: id(slug),
        sort,
        prize: prize.prize,
        weight: prize.weight,
        texts: inEveryLocale((language) => ({
          label: pick(labelOf(prize.prize, names), language),
        })),
      })),
    )
  }
  await tx
    .insert(lootboxSources)
    .values([
      { sourceKind: 'level', sourceId: 2, lootboxId: id('bronze') },
      { sourceKind: 'level', sourceId: 4, lootboxId: id('silver') },
      { sourceKind: 'level', sourceId: 6, lootboxId: id('gold') },
    ])
    .onConflictDoNothing()
}

const WHEEL_SLUG = 'aurum'

/**
 * The Aurum wheel (a spin every 20 EUR of real-money stakes, eight segments), the wheel and
 * lootboxes pages' blocks, and the demo player's first spin and bronze chest.
 */
export async function seedWheel(tx: Tx, now: Date): Promise<void> {
  const [existing] = await tx
    .select({ id: wheels.id })
    .from(wheels)
    .where(eq(wheels.slug, WHEEL_SLUG))
  let wheelId = existing?.id
  if (wheelId === undefined) {
    const gameId = await freeSpinGameId(tx)
    const ids = await boxIds(tx)
    const bronze = ids.get('bronze')
    if (bronze === undefined) throw new Error('seed: the bronze chest comes before the wheel')
    const [wheel] = await tx
      .insert(wheels)
      .values({
        slug: WHEEL_SLUG,
        texts: inEveryLocale((language) => ({
          title: pick(WHEEL_TITLE, language),
          text: pick(WHEEL_TEXT, language),
        })),
        spinEveryEurMinor: 20_00n,
        sort: 0,
      })
      .returning({ id: wheels.id })
    if (!wheel) throw new Error('seed: wheel not created')
    wheelId = wheel.id
    const segments = wheelTable(gameId, bronze)
    const names = new Map([[bronze, BOX_NAMES.bronze]])
    await tx.insert(wheelSegments).values(
      segments.map((segment, sort) => ({
        wheelId: wheel.id,
        sort,
        prize: segment.prize,
        weight: segment.weight,
        color: segment.color,
        texts: inEveryLocale((language) => ({
          label: pick(labelOf(segment.prize, names), language),
        })),
      })),
    )
  }

  await seedPage(tx, 'fortune-wheel', FORTUNE_WHEEL_PAGE)
  await seedPage(tx, 'lootboxes', LOOTBOXES_PAGE)

  const [demo] = await tx
    .select({ id: players.id })
    .from(players)
    .where(eq(players.email, DEMO_PLAYER.email))
  if (!demo) return
  await tx
    .insert(playerWheels)
    .values({ playerId: demo.id, wheelId, spinsAvailable: 1 })
    .onConflictDoNothing()
  const bronze = (await boxIds(tx)).get('bronze')
  if (bronze === undefined) return
  await tx
    .insert(playerLootboxes)
    .values({
      id: randomUUID(),
      playerId: demo.id,
      lootboxId: bronze,
      sourceKey: 'seed:demo:bronze',
      expiredAt: new Date(now.getTime() + 14 * 86_400_000),
    })
    .onConflictDoNothing({ target: playerLootboxes.sourceKey })
}

// ---- The pages' blocks (`/page/get-page-components?url=fortune-wheel`, `lootboxes`) -------------

const HOW_IT_WORKS: Words = [
  'How it works',
  'So funktioniert es',
  'Comment ça marche',
  'Como funciona',
  'Slik fungerer det',
  'Jak to działa',
  'Näin se toimii',
  'كيف يعمل',
  'Come funziona',
  'Kuidas see käib',
]

const QUESTIONS: Words = [
  'Questions',
  'Fragen',
  'Questions',
  'Perguntas',
  'Spørsmål',
  'Pytania',
  'Kysymykset',
  'أسئلة',
  'Domande',
  'Küsimused',
]

const FORTUNE_WHEEL_PAGE: BlockWords[] = [
  {
    kind: 'hero',
    imageUrl: '/lootboxes/wheel.svg',
    title: WHEEL_TITLE,
    text: [
      'Play, fill the bar, spin. Every spin wins something, and every result can be checked.',
      'Spielen, Leiste füllen, drehen. Jeder Dreh gewinnt etwas, und jedes Ergebnis lässt sich prüfen.',
      'Jouez, remplissez la barre, tournez. Chaque tour gagne quelque chose, et chaque résultat se vérifie.',
      'Jogue, encha a barra, rode. Cada rodada ganha algo, e cada resultado pode ser verificado.',
      'Spill, fyll linjen, snurr. Hver snurr vinner noe, og hvert resultat kan kontrolleres.',
      'Graj, wypełnij pasek, zakręć. Każdy obrót coś wygrywa, a każdy wynik można sprawdzić.',
      'Pelaa, täytä palkki, pyöräytä. Jokainen pyöräytys voittaa jotain, ja jokaisen tuloksen voi tarkistaa.',
      'العب واملأ الشريط وأدر العجلة. كل دورة تربح شيئًا، ويمكن التحقق من كل نتيجة.',
      'Gioca, riempi la barra, gira. Ogni giro vince qualcosa e ogni risultato si può verificare.',
      'Mängige, täitke riba, keerutage. Iga keerutus võidab midagi ja iga tulemust saab kontrollida.',
    ],
    imageAlt: [
      'A golden prize wheel with coloured segments',
      'Ein goldenes Glücksrad mit farbigen Feldern',
      'Une roue des prix dorée aux cases colorées',
      'Uma roda de prémios dourada com segmentos coloridos',
      'Et gyllent premiehjul med fargede felt',
      'Złote koło nagród z kolorowymi polami',
      'Kultainen onnenpyörä värikkäine lohkoineen',
      'عجلة جوائز ذهبية بخانات ملونة',
      'Una ruota dei premi dorata con spicchi colorati',
      'Kuldne auhinnaratas värviliste sektoritega',
    ],
  },
  {
    kind: 'text',
    imageUrl: null,
    title: [
      'Spins from your play',
      'Drehs aus Ihrem Spiel',
      'Des tours grâce à votre jeu',
      'Rodadas a partir do seu jogo',
      'Snurr fra spillet ditt',
      'Obroty z Twojej gry',
      'Pyöräytyksiä pelaamisesta',
      'دورات من لعبك',
      'Giri dal tuo gioco',
      'Keerutused teie mängust',
    ],
    text: [
      'The bar under the wheel shows how far you are from the next spin. It counts the stakes you place with your own money in every game, and keeps what is left over after each spin.',
      'Die Leiste unter dem Rad zeigt, wie weit Sie vom nächsten Dreh entfernt sind. Sie zählt Ihre Einsätze mit eigenem Geld in allen Spielen und behält den Rest nach jedem Dreh.',
      'La barre sous la roue montre où vous en êtes avant le prochain tour. Elle compte vos mises en argent propre dans tous les jeux et garde le reste après chaque tour.',
      'A barra sob a roda mostra quanto falta para a próxima rodada. Conta as apostas feitas com o seu dinheiro em qualquer jogo e guarda o que sobra depois de cada rodada.',
      'Linjen under hjulet viser hvor langt du er fra neste snurr. Den teller innsatsene du gjør med egne penger i alle spill, og tar vare på resten etter hver snurr.',
      'Pasek pod kołem pokazuje, ile brakuje do kolejnego obrotu. Liczy stawki postawione własnymi pieniędzmi we wszystkich grach i zachowuje resztę po każdym obrocie.',
      'Pyörän alla oleva palkki näyttää, kuinka lähellä seuraava pyöräytys on. Se laskee omalla rahalla asetetut panokset kaikissa peleissä ja säilyttää ylijäämän jokaisen pyöräytyksen jälkeen.',
      'يوضح الشريط أسفل العجلة كم تبقى على الدورة التالية. يحتسب رهاناتك بأموالك الخاصة في جميع الألعاب ويحتفظ بالباقي بعد كل دورة.',
      'La barra sotto la ruota mostra quanto manca al prossimo giro. Conta le puntate fatte con il tuo denaro in tutti i giochi e conserva il resto dopo ogni giro.',
      'Ratta all olev riba näitab, kui kaugel on järgmine keerutus. See loeb teie oma rahaga tehtud panuseid kõigis mängudes ja jätab pärast iga keerutust ülejäägi alles.',
    ],
  },
  {
    kind: 'steps',
    imageUrl: null,
    title: HOW_IT_WORKS,
    text: [
      'Three steps from a bet to a prize.',
      'Drei Schritte vom Einsatz zum Preis.',
      'Trois étapes de la mise au prix.',
      'Três passos da aposta ao prémio.',
      'Tre steg fra innsats til premie.',
      'Trzy kroki od zakładu do nagrody.',
      'Kolme askelta panoksesta palkintoon.',
      'ثلاث خطوات من الرهان إلى الجائزة.',
      'Tre passi dalla puntata al premio.',
      'Kolm sammu panusest auhinnani.',
    ],
    items: [
      {
        title: [
          'Play with real money',
          'Mit Echtgeld spielen',
          'Jouez en argent réel',
          'Jogue com dinheiro real',
          'Spill med ekte penger',
          'Graj za prawdziwe pieniądze',
          'Pelaa oikealla rahalla',
          'العب بأموال حقيقية',
          'Gioca con denaro reale',
          'Mängige päris rahaga',
        ],
        text: [
          'Every euro of your own money you wager fills the bar. Bonus money does not count.',
          'Jeder Euro Ihres eigenen Geldes füllt die Leiste. Bonusgeld zählt nicht.',
          'Chaque euro de votre propre argent misé remplit la barre. L’argent bonus ne compte pas.',
          'Cada euro do seu próprio dinheiro apostado enche a barra. O dinheiro de bónus não conta.',
          'Hver euro av dine egne penger du satser fyller linjen. Bonuspenger teller ikke.',
          'Każde postawione euro z własnych środków wypełnia pasek. Środki bonusowe się nie liczą.',
          'Jokainen omalla rahalla pelattu euro täyttää palkkia. Bonusraha ei lasketa.',
          'كل يورو تراهن به من أموالك يملأ الشريط. أموال المكافأة لا تُحتسب.',
          'Ogni euro del tuo denaro puntato riempie la barra. Il denaro bonus non conta.',
          'Iga panustatud euro teie oma rahast täidab riba. Boonusraha ei lähe arvesse.',
        ],
      },
      {
        title: [
          'Earn a spin every €20',
          'Alle 20 € ein Dreh',
          'Un tour tous les 20 €',
          'Uma rodada a cada 20 €',
          'En snurr for hver 20 €',
          'Obrót co 20 €',
          'Pyöräytys joka 20 €',
          'دورة كل 20 €',
          'Un giro ogni 20 €',
          'Keerutus iga 20 € eest',
        ],
        text: [
          'When the bar is full a spin waits for you and the bar starts again. We tell you as soon as it is ready.',
          'Ist die Leiste voll, wartet ein Dreh auf Sie und die Leiste beginnt von vorn. Wir sagen Ihnen sofort Bescheid.',
          'Quand la barre est pleine, un tour vous attend et la barre repart de zéro. Nous vous prévenons aussitôt.',
          'Quando a barra enche, uma rodada fica à sua espera e a barra recomeça. Avisamos logo que estiver pronta.',
          'Når linjen er full, venter en snurr på deg og linjen starter på nytt. Vi gir beskjed med en gang.',
          'Gdy pasek się zapełni, czeka na Ciebie obrót, a pasek zaczyna od nowa. Powiadomimy Cię od razu.',
          'Kun palkki täyttyy, pyöräytys odottaa sinua ja palkki alkaa alusta. Kerromme heti, kun se on valmis.',
          'عندما يمتلئ الشريط تنتظرك دورة ويبدأ الشريط من جديد. نخبرك فور جاهزيتها.',
          'Quando la barra è piena un giro ti aspetta e la barra riparte. Te lo diciamo appena è pronto.',
          'Kui riba on täis, ootab teid keerutus ja riba algab uuesti. Anname kohe teada.',
        ],
      },
      {
        title: [
          'Spin and collect',
          'Drehen und kassieren',
          'Tournez et encaissez',
          'Rode e receba',
          'Snurr og hent premien',
          'Zakręć i odbierz',
          'Pyöräytä ja lunasta',
          'أدر العجلة واستلم جائزتك',
          'Gira e incassa',
          'Keerutage ja koguge',
        ],
        text: [
          'The prize lands in your account at once: coins, bonus money, free spins, a chest or another spin.',
          'Der Preis ist sofort auf Ihrem Konto: Münzen, Bonusgeld, Freispiele, eine Truhe oder ein weiterer Dreh.',
          'Le prix arrive aussitôt sur votre compte : pièces, argent bonus, tours gratuits, un coffre ou un autre tour.',
          'O prémio entra de imediato na sua conta: moedas, dinheiro de bónus, rodadas grátis, um baú ou outra rodada.',
          'Premien havner på kontoen din med en gang: mynter, bonuspenger, gratisspinn, en kiste eller en ny snurr.',
          'Nagroda od razu trafia na Twoje konto: monety, środki bonusowe, darmowe spiny, skrzynia albo kolejny obrót.',
          'Palkinto tulee tilillesi heti: kolikoita, bonusrahaa, ilmaiskierroksia, arkku tai uusi pyöräytys.',
          'تصل الجائزة إلى حسابك فورًا: عملات أو أموال مكافأة أو دورات مجانية أو صندوق أو دورة أخرى.',
          'Il premio arriva subito sul tuo conto: monete, denaro bonus, giri gratis, un forziere o un altro giro.',
          'Auhind jõuab kohe teie kontole: mündid, boonusraha, tasuta keerutused, kirst või uus keerutus.',
        ],
      },
    ],
  },
  {
    kind: 'faq',
    imageUrl: null,
    title: QUESTIONS,
    text: [
      'What players ask about the wheel.',
      'Was Spieler zum Glücksrad fragen.',
      'Ce que les joueurs demandent sur la roue.',
      'O que os jogadores perguntam sobre a roda.',
      'Det spillerne spør om hjulet.',
      'O co gracze pytają w sprawie koła.',
      'Mitä pelaajat kysyvät onnenpyörästä.',
      'ما يسأله اللاعبون عن العجلة.',
      'Cosa chiedono i giocatori sulla ruota.',
      'Mida mängijad rattalt küsivad.',
    ],
    items: [
      {
        title: [
          'Are the odds real?',
          'Sind die Chancen echt?',
          'Les chances sont-elles réelles ?',
          'As probabilidades são reais?',
          'Er sjansene ekte?',
          'Czy szanse są prawdziwe?',
          'Ovatko todennäköisyydet todellisia?',
          'هل الاحتمالات حقيقية؟',
          'Le probabilità sono reali?',
          'Kas tõenäosused on päris?',
        ],
        text: [
          'Yes. Each segment shows its chance, and every spin uses your provably fair seeds: after you rotate them, the verify page recomputes the result in your browser.',
          'Ja. Jedes Feld zeigt seine Chance, und jeder Dreh nutzt Ihre nachweisbar fairen Seeds: Nach dem Wechsel berechnet die Prüfseite das Ergebnis in Ihrem Browser nach.',
          'Oui. Chaque case affiche sa chance, et chaque tour utilise vos graines équitables et vérifiables : après leur renouvellement, la page de vérification recalcule le résultat dans votre navigateur.',
          'Sim. Cada segmento mostra a sua probabilidade e cada rodada usa as suas sementes comprovadamente justas: depois de as renovar, a página de verificação recalcula o resultado no seu navegador.',
          'Ja. Hvert felt viser sjansen sin, og hver snurr bruker dine bevisbart rettferdige frø: når du har byttet dem, regner kontrollsiden ut resultatet på nytt i nettleseren din.',
          'Tak. Każde pole pokazuje swoją szansę, a każdy obrót korzysta z Twoich uczciwych, weryfikowalnych ziaren: po ich zmianie strona weryfikacji przelicza wynik w Twojej przeglądarce.',
          'Kyllä. Jokainen lohko näyttää todennäköisyytensä, ja jokainen pyöräytys käyttää todistettavasti reiluja siemeniäsi: vaihdon jälkeen tarkistussivu laskee tuloksen uudelleen selaimessasi.',
          'نعم. تعرض كل خانة احتمالها، وتستخدم كل دورة بذورك العادلة القابلة للإثبات: بعد تغييرها تعيد صفحة التحقق حساب النتيجة في متصفحك.',
          'Sì. Ogni spicchio mostra la sua probabilità e ogni giro usa i tuoi seed equi e verificabili: dopo averli rinnovati, la pagina di verifica ricalcola il risultato nel tuo browser.',
          'Jah. Iga sektor näitab oma tõenäosust ja iga keerutus kasutab teie tõestatavalt ausaid seemneid: pärast nende vahetamist arvutab kontrollileht tulemuse teie brauseris uuesti.',
        ],
      },
      {
        title: [
          'Do spins expire?',
          'Verfallen Drehs?',
          'Les tours expirent-ils ?',
          'As rodadas expiram?',
          'Utløper snurrene?',
          'Czy obroty wygasają?',
          'Vanhenevatko pyöräytykset?',
          'هل تنتهي صلاحية الدورات؟',
          'I giri scadono?',
          'Kas keerutused aeguvad?',
        ],
        text: [
          'No. Spins wait until you use them.',
          'Nein. Drehs warten, bis Sie sie nutzen.',
          'Non. Les tours vous attendent jusqu’à ce que vous les utilisiez.',
          'Não. As rodadas esperam até as usar.',
          'Nei. Snurrene venter til du bruker dem.',
          'Nie. Obroty czekają, aż ich użyjesz.',
          'Eivät. Pyöräytykset odottavat, kunnes käytät ne.',
          'لا. تنتظرك الدورات حتى تستخدمها.',
          'No. I giri ti aspettano finché non li usi.',
          'Ei. Keerutused ootavad, kuni need kasutate.',
        ],
      },
      {
        title: [
          'Why can I not spin?',
          'Warum kann ich nicht drehen?',
          'Pourquoi ne puis-je pas tourner ?',
          'Porque não posso rodar?',
          'Hvorfor kan jeg ikke snurre?',
          'Dlaczego nie mogę zakręcić?',
          'Miksi en voi pyöräyttää?',
          'لماذا لا أستطيع تدوير العجلة؟',
          'Perché non posso girare?',
          'Miks ma ei saa keerutada?',
        ],
        text: [
          'You need a spin waiting, and none of your play limits may be reached: while one is, rewards pause.',
          'Sie brauchen einen verfügbaren Dreh, und keines Ihrer Spiellimits darf erreicht sein: Solange eines erreicht ist, ruhen die Prämien.',
          'Il vous faut un tour en attente, et aucune de vos limites de jeu ne doit être atteinte : tant qu’une l’est, les récompenses sont suspendues.',
          'Precisa de uma rodada disponível e nenhum dos seus limites de jogo pode estar atingido: enquanto um estiver, as recompensas ficam em pausa.',
          'Du trenger en snurr til gode, og ingen av spillegrensene dine kan være nådd: mens en er det, settes belønninger på pause.',
          'Potrzebujesz dostępnego obrotu, a żaden z Twoich limitów gry nie może być osiągnięty: dopóki jest, nagrody są wstrzymane.',
          'Tarvitset odottavan pyöräytyksen, eikä mikään pelirajoistasi saa olla täynnä: silloin palkinnot ovat tauolla.',
          'تحتاج إلى دورة متاحة، ويجب ألا يكون أي من حدود اللعب لديك قد بلغ نهايته: ما دام أحدها كذلك تتوقف المكافآت.',
          'Ti serve un giro disponibile e nessuno dei tuoi limiti di gioco deve essere raggiunto: finché lo è, i premi sono in pausa.',
          'Teil peab olema keerutus ootel ja ükski teie mängupiirang ei tohi olla täis: kuni on, on auhinnad peatatud.',
        ],
      },
    ],
  },
]

const LOOTBOXES_PAGE: BlockWords[] = [
  {
    kind: 'hero',
    imageUrl: '/lootboxes/gold.svg',
    title: [
      'Treasure chests',
      'Schatztruhen',
      'Coffres au trésor',
      'Baús do tesouro',
      'Skattekister',
      'Skrzynie skarbów',
      'Aarrearkut',
      'صناديق الكنز',
      'Forzieri del tesoro',
      'Aardekirstud',
    ],
    text: [
      'Reach a new level and a chest is yours. Open it to draw a prize from its published odds.',
      'Erreichen Sie eine neue Stufe, und eine Truhe gehört Ihnen. Öffnen Sie sie, um einen Preis nach den veröffentlichten Chancen zu ziehen.',
      'Atteignez un nouveau niveau et un coffre est à vous. Ouvrez-le pour tirer un prix selon ses chances publiées.',
      'Alcance um novo nível e um baú é seu. Abra-o para sortear um prémio segundo as probabilidades publicadas.',
      'Nå et nytt nivå, så er en kiste din. Åpne den for å trekke en premie etter de publiserte sjansene.',
      'Osiągnij nowy poziom, a skrzynia jest Twoja. Otwórz ją, aby wylosować nagrodę według opublikowanych szans.',
      'Saavuta uusi taso, niin arkku on sinun. Avaa se, niin palkinto arvotaan julkaistuin todennäköisyyksin.',
      'ابلغ مستوى جديدًا ليصبح الصندوق لك. افتحه لتسحب جائزة وفق احتمالاته المنشورة.',
      'Raggiungi un nuovo livello e un forziere è tuo. Aprilo per estrarre un premio secondo le probabilità pubblicate.',
      'Jõudke uuele tasemele ja kirst on teie. Avage see, et loosida auhind avaldatud tõenäosuste järgi.',
    ],
    imageAlt: BOX_ALTS.gold,
  },
  {
    kind: 'text',
    imageUrl: null,
    title: [
      'Every chest is fair',
      'Jede Truhe ist fair',
      'Chaque coffre est équitable',
      'Cada baú é justo',
      'Hver kiste er rettferdig',
      'Każda skrzynia jest uczciwa',
      'Jokainen arkku on reilu',
      'كل صندوق عادل',
      'Ogni forziere è equo',
      'Iga kirst on aus',
    ],
    text: [
      'The chances shown beside each prize are the real ones: the draw uses them as published, and we check them over a million openings of every chest.',
      'Die Chancen neben jedem Preis sind die echten: Die Ziehung nutzt sie wie veröffentlicht, und wir prüfen sie über eine Million Öffnungen jeder Truhe.',
      'Les chances affichées à côté de chaque prix sont les vraies : le tirage les utilise telles que publiées, et nous les vérifions sur un million d’ouvertures de chaque coffre.',
      'As probabilidades junto a cada prémio são as reais: o sorteio usa-as tal como publicadas, e verificamo-las em um milhão de aberturas de cada baú.',
      'Sjansene ved hver premie er de ekte: trekningen bruker dem slik de er publisert, og vi kontrollerer dem over en million åpninger av hver kiste.',
      'Szanse podane przy każdej nagrodzie są prawdziwe: losowanie używa ich tak, jak je opublikowano, a my sprawdzamy je na milionie otwarć każdej skrzyni.',
      'Jokaisen palkinnon vieressä näkyvät todennäköisyydet ovat todellisia: arvonta käyttää niitä julkaistun mukaisesti, ja tarkistamme ne miljoonalla avauksella jokaisesta arkusta.',
      'الاحتمالات المعروضة بجانب كل جائزة هي الاحتمالات الحقيقية: يستخدمها السحب كما نُشرت، ونتحقق منها عبر مليون فتح لكل صندوق.',
      'Le probabilità accanto a ogni premio sono quelle reali: l’estrazione le usa come pubblicate e le verifichiamo su un milione di aperture di ogni forziere.',
      'Iga auhinna kõrval näidatud tõenäosused on päris: loosimine kasutab neid avaldatud kujul ja me kontrollime neid miljoni avamisega iga kirstu kohta.',
    ],
  },
  {
    kind: 'steps',
    imageUrl: null,
    title: HOW_IT_WORKS,
    text: [
      'From a level to a prize.',
      'Von der Stufe zum Preis.',
      'Du niveau au prix.',
      'Do nível ao prémio.',
      'Fra nivå til premie.',
      'Od poziomu do nagrody.',
      'Tasolta palkintoon.',
      'من المستوى إلى الجائزة.',
      'Dal livello al premio.',
      'Tasemest auhinnani.',
    ],
    items: [
      {
        title: [
          'Earn a chest',
          'Truhe verdienen',
          'Gagnez un coffre',
          'Ganhe um baú',
          'Tjen en kiste',
          'Zdobądź skrzynię',
          'Ansaitse arkku',
          'اكسب صندوقًا',
          'Guadagna un forziere',
          'Teenige kirst',
        ],
        text: [
          'Level 2 gives a bronze chest, level 4 a silver one, level 6 a gold one. The wheel can give one too.',
          'Stufe 2 bringt eine Bronzetruhe, Stufe 4 eine Silbertruhe, Stufe 6 eine Goldtruhe. Auch das Glücksrad kann eine geben.',
          'Le niveau 2 donne un coffre de bronze, le niveau 4 un coffre d’argent, le niveau 6 un coffre d’or. La roue peut aussi en donner un.',
          'O nível 2 dá um baú de bronze, o nível 4 um de prata, o nível 6 um de ouro. A roda também pode dar um.',
          'Nivå 2 gir en bronsekiste, nivå 4 en sølvkiste, nivå 6 en gullkiste. Hjulet kan også gi en.',
          'Poziom 2 daje brązową skrzynię, poziom 4 srebrną, poziom 6 złotą. Koło też może ją dać.',
          'Taso 2 antaa pronssiarkun, taso 4 hopea-arkun ja taso 6 kulta-arkun. Myös onnenpyörä voi antaa arkun.',
          'المستوى 2 يمنح صندوقًا برونزيًا، والمستوى 4 صندوقًا فضيًا، والمستوى 6 صندوقًا ذهبيًا. ويمكن للعجلة أن تمنحك صندوقًا أيضًا.',
          'Il livello 2 dà un forziere di bronzo, il livello 4 uno d’argento, il livello 6 uno d’oro. Anche la ruota può darne uno.',
          '2. tase annab pronkskirstu, 4. tase hõbekirstu ja 6. tase kuldkirstu. Ka ratas võib selle anda.',
        ],
      },
      {
        title: [
          'Open it in time',
          'Rechtzeitig öffnen',
          'Ouvrez-le à temps',
          'Abra-o a tempo',
          'Åpne den i tide',
          'Otwórz ją na czas',
          'Avaa se ajoissa',
          'افتحه في الوقت المناسب',
          'Aprilo in tempo',
          'Avage see õigel ajal',
        ],
        text: [
          'Bronze chests keep 14 days, silver 21, gold 30. An unopened chest expires after that.',
          'Bronzetruhen halten 14 Tage, Silbertruhen 21, Goldtruhen 30. Danach verfällt eine ungeöffnete Truhe.',
          'Les coffres de bronze durent 14 jours, ceux d’argent 21, ceux d’or 30. Passé ce délai, un coffre non ouvert expire.',
          'Os baús de bronze duram 14 dias, os de prata 21, os de ouro 30. Depois disso, um baú por abrir expira.',
          'Bronsekister varer i 14 dager, sølvkister i 21, gullkister i 30. Deretter utløper en uåpnet kiste.',
          'Brązowe skrzynie ważne są 14 dni, srebrne 21, złote 30. Potem nieotwarta skrzynia wygasa.',
          'Pronssiarkut säilyvät 14 päivää, hopea-arkut 21 ja kulta-arkut 30. Sen jälkeen avaamaton arkku vanhenee.',
          'تبقى الصناديق البرونزية 14 يومًا والفضية 21 والذهبية 30. بعد ذلك تنتهي صلاحية الصندوق غير المفتوح.',
          'I forzieri di bronzo durano 14 giorni, quelli d’argento 21, quelli d’oro 30. Dopo, un forziere non aperto scade.',
          'Pronkskirst kehtib 14 päeva, hõbekirst 21 ja kuldkirst 30. Seejärel avamata kirst aegub.',
        ],
      },
      {
        title: [
          'Collect the prize',
          'Preis kassieren',
          'Encaissez le prix',
          'Receba o prémio',
          'Hent premien',
          'Odbierz nagrodę',
          'Lunasta palkinto',
          'استلم الجائزة',
          'Incassa il premio',
          'Koguge auhind',
        ],
        text: [
          'The prize is paid the moment the chest opens, and you can verify the draw afterwards.',
          'Der Preis wird beim Öffnen sofort ausgezahlt, und Sie können die Ziehung danach prüfen.',
          'Le prix est versé dès l’ouverture du coffre, et vous pouvez vérifier le tirage ensuite.',
          'O prémio é pago no momento em que o baú abre, e pode verificar o sorteio depois.',
          'Premien utbetales i det kisten åpnes, og du kan kontrollere trekningen etterpå.',
          'Nagroda jest wypłacana w chwili otwarcia skrzyni, a losowanie możesz potem sprawdzić.',
          'Palkinto maksetaan heti, kun arkku avautuu, ja voit tarkistaa arvonnan jälkikäteen.',
          'تُدفع الجائزة لحظة فتح الصندوق، ويمكنك التحقق من السحب بعد ذلك.',
          'Il premio viene pagato appena il forziere si apre e puoi verificare l’estrazione in seguito.',
          'Auhind makstakse kirstu avamise hetkel ja loosimist saate hiljem kontrollida.',
        ],
      },
    ],
  },
  {
    kind: 'faq',
    imageUrl: null,
    title: QUESTIONS,
    text: [
      'What players ask about chests.',
      'Was Spieler zu Truhen fragen.',
      'Ce que les joueurs demandent sur les coffres.',
      'O que os jogadores perguntam sobre os baús.',
      'Det spillerne spør om kister.',
      'O co gracze pytają w sprawie skrzyń.',
      'Mitä pelaajat kysyvät arkuista.',
      'ما يسأله اللاعبون عن الصناديق.',
      'Cosa chiedono i giocatori sui forzieri.',
      'Mida mängijad kirstude kohta küsivad.',
    ],
    items: [
      {
        title: [
          'What can a chest hold?',
          'Was kann in einer Truhe sein?',
          'Que peut contenir un coffre ?',
          'O que pode ter um baú?',
          'Hva kan en kiste inneholde?',
          'Co może być w skrzyni?',
          'Mitä arkussa voi olla?',
          'ماذا يمكن أن يحتوي الصندوق؟',
          'Cosa può contenere un forziere?',
          'Mis võib kirstus olla?',
        ],
        text: [
          'Coins, bonus money, free spins, spins of the wheel, a smaller chest or cash. Each chest lists every prize with its chance.',
          'Münzen, Bonusgeld, Freispiele, Drehs am Glücksrad, eine kleinere Truhe oder Echtgeld. Jede Truhe nennt jeden Preis mit seiner Chance.',
          'Des pièces, de l’argent bonus, des tours gratuits, des tours de roue, un coffre plus petit ou de l’argent réel. Chaque coffre liste chaque prix avec sa chance.',
          'Moedas, dinheiro de bónus, rodadas grátis, rodadas da roda, um baú mais pequeno ou dinheiro real. Cada baú mostra cada prémio com a sua probabilidade.',
          'Mynter, bonuspenger, gratisspinn, snurr på hjulet, en mindre kiste eller kontanter. Hver kiste viser hver premie med sjansen sin.',
          'Monety, środki bonusowe, darmowe spiny, obroty kołem, mniejszą skrzynię albo gotówkę. Każda skrzynia pokazuje każdą nagrodę z jej szansą.',
          'Kolikoita, bonusrahaa, ilmaiskierroksia, onnenpyörän pyöräytyksiä, pienemmän arkun tai käteistä. Jokainen arkku näyttää kaikki palkinnot todennäköisyyksineen.',
          'عملات أو أموال مكافأة أو دورات مجانية أو دورات على العجلة أو صندوقًا أصغر أو نقودًا. يعرض كل صندوق كل جائزة مع احتمالها.',
          'Monete, denaro bonus, giri gratis, giri della ruota, un forziere più piccolo o denaro reale. Ogni forziere elenca ogni premio con la sua probabilità.',
          'Münte, boonusraha, tasuta keerutusi, ratta keerutusi, väiksema kirstu või päris raha. Iga kirst näitab iga auhinda koos selle tõenäosusega.',
        ],
      },
      {
        title: [
          'Can I check the draw?',
          'Kann ich die Ziehung prüfen?',
          'Puis-je vérifier le tirage ?',
          'Posso verificar o sorteio?',
          'Kan jeg kontrollere trekningen?',
          'Czy mogę sprawdzić losowanie?',
          'Voinko tarkistaa arvonnan?',
          'هل يمكنني التحقق من السحب؟',
          'Posso verificare l’estrazione?',
          'Kas ma saan loosimist kontrollida?',
        ],
        text: [
          'Yes. Each opening uses your provably fair seeds; rotate them and the verify page recomputes the prize in your browser.',
          'Ja. Jedes Öffnen nutzt Ihre nachweisbar fairen Seeds; wechseln Sie sie, und die Prüfseite berechnet den Preis in Ihrem Browser nach.',
          'Oui. Chaque ouverture utilise vos graines équitables et vérifiables ; renouvelez-les et la page de vérification recalcule le prix dans votre navigateur.',
          'Sim. Cada abertura usa as suas sementes comprovadamente justas; renove-as e a página de verificação recalcula o prémio no seu navegador.',
          'Ja. Hver åpning bruker dine bevisbart rettferdige frø; bytt dem, så regner kontrollsiden ut premien på nytt i nettleseren din.',
          'Tak. Każde otwarcie korzysta z Twoich uczciwych, weryfikowalnych ziaren; zmień je, a strona weryfikacji przeliczy nagrodę w Twojej przeglądarce.',
          'Kyllä. Jokainen avaus käyttää todistettavasti reiluja siemeniäsi; vaihda ne, niin tarkistussivu laskee palkinnon uudelleen selaimessasi.',
          'نعم. يستخدم كل فتح بذورك العادلة القابلة للإثبات؛ غيّرها لتعيد صفحة التحقق حساب الجائزة في متصفحك.',
          'Sì. Ogni apertura usa i tuoi seed equi e verificabili; rinnovali e la pagina di verifica ricalcola il premio nel tuo browser.',
          'Jah. Iga avamine kasutab teie tõestatavalt ausaid seemneid; vahetage need ja kontrollileht arvutab auhinna teie brauseris uuesti.',
        ],
      },
      {
        title: [
          'Why can I not open a chest?',
          'Warum kann ich keine Truhe öffnen?',
          'Pourquoi ne puis-je pas ouvrir un coffre ?',
          'Porque não consigo abrir um baú?',
          'Hvorfor kan jeg ikke åpne en kiste?',
          'Dlaczego nie mogę otworzyć skrzyni?',
          'Miksi en voi avata arkkua?',
          'لماذا لا أستطيع فتح صندوق؟',
          'Perché non posso aprire un forziere?',
          'Miks ma ei saa kirstu avada?',
        ],
        text: [
          'It may have expired, or one of your play limits is reached: while it is, rewards pause.',
          'Sie ist vielleicht abgelaufen, oder eines Ihrer Spiellimits ist erreicht: Solange das so ist, ruhen die Prämien.',
          'Il a peut-être expiré, ou l’une de vos limites de jeu est atteinte : tant qu’elle l’est, les récompenses sont suspendues.',
          'Pode ter expirado, ou um dos seus limites de jogo está atingido: enquanto estiver, as recompensas ficam em pausa.',
          'Den kan ha utløpt, eller en av spillegrensene dine er nådd: mens den er det, settes belønninger på pause.',
          'Mogła wygasnąć albo jeden z Twoich limitów gry jest osiągnięty: dopóki jest, nagrody są wstrzymane.',
          'Se on ehkä vanhentunut, tai jokin pelirajoistasi on täynnä: silloin palkinnot ovat tauolla.',
          'ربما انتهت صلاحيته، أو بلغ أحد حدود اللعب لديك نهايته: ما دام كذلك تتوقف المكافآت.',
          'Potrebbe essere scaduto, oppure uno dei tuoi limiti di gioco è raggiunto: finché lo è, i premi sono in pausa.',
          'See võib olla aegunud või on mõni teie mängupiirang täis: kuni on, on auhinnad peatatud.',
        ],
      },
    ],
  },
]
