import { randomBytes } from 'node:crypto'
import { count, eq, inArray } from 'drizzle-orm'
import type { Prize } from '#common/rewards-rules.ts'
import type { TournamentScoring } from '#common/tournament-rules.ts'
import type { Db, Tx } from '#db/client.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { insertNotification } from '#server/modules/notifications/index.ts'
import { hashServerSeed, newServerSeed } from '#server/modules/originals/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { lootboxes } from '#server/modules/rewards/rewards.tables.ts'
import { loadShippedMessages, textsFrom } from '#server/modules/site/index.ts'
import { settleTournament } from '#server/modules/tournaments/settle.ts'
import {
  tournamentEntries,
  tournamentPrizes,
  tournaments,
} from '#server/modules/tournaments/tournaments.tables.ts'
import { rateTable } from '#server/modules/wallet/index.ts'
import { exchangeRates } from '#server/modules/wallet/wallet.tables.ts'
import { DEMO_PLAYER } from './demo-accounts.ts'
import { inEveryLocale, pick, type Words } from './engagement-texts.ts'
import { BOX_NAMES } from './rewards-wheel.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

// ---- Prize labels ------------------------------------------------------------------------------

const cash = (euros: string): Words => [
  `€${euros} in cash`,
  `${euros} € Echtgeld`,
  `${euros} € en argent réel`,
  `${euros} € em dinheiro`,
  `${euros} € i kontanter`,
  `${euros} € w gotówce`,
  `${euros} € käteistä`,
  `${euros} € نقدًا`,
  `${euros} € in denaro reale`,
  `${euros} € päris raha`,
]

const bonus = (euros: string): Words => [
  `€${euros} bonus money`,
  `${euros} € Bonusgeld`,
  `${euros} € d’argent bonus`,
  `${euros} € em dinheiro de bónus`,
  `${euros} € i bonuspenger`,
  `${euros} € środków bonusowych`,
  `${euros} € bonusrahaa`,
  `${euros} € رصيد مكافأة`,
  `${euros} € di denaro bonus`,
  `${euros} € boonusraha`,
]

const coins = (amount: string): Words => [
  `${amount} coins`,
  `${amount} Münzen`,
  `${amount} pièces`,
  `${amount} moedas`,
  `${amount} mynter`,
  `${amount} monet`,
  `${amount} kolikkoa`,
  `${amount} عملة`,
  `${amount} monete`,
  `${amount} münti`,
]

type Chest = 'silver' | 'gold'

interface PlacePrize {
  fromPlace: number
  toPlace: number
  /** A lootbox by its seeded slug (the prize falls back to `fallback` when there is none). */
  prize: Prize | { chest: Chest; fallback: { prize: Prize; label: Words } }
  label: Words
}

// ---- The three tournaments ---------------------------------------------------------------------

interface SeedTournament {
  slug: string
  imageUrl: string
  scoring: TournamentScoring
  pointsPerSpin: number
  gameIds: string[]
  categorySlugs: string[]
  minStakeEurMinor: bigint
  entryFee: { kind: 'free' | 'coins' | 'money'; minor: bigint }
  /** From the seed's `now`. */
  startsInMs: number
  lastsMs: number
  title: Words
  text: Words
  imageAlt: Words
  prizes: PlacePrize[]
}

/** Running: started two days ago, ends in five; the best single multiplier on the Originals. */
export const RUNNING_SLUG = 'originals-multiplier-hunt'
/** Upcoming: starts in two days; a coin-entry wagering race on the slots. */
export const UPCOMING_SLUG = 'slots-wagering-race'
/** Finished: ended yesterday; points per spin on Dice and Mines, settled in the seed. */
export const FINISHED_SLUG = 'weekend-spin-sprint'

const RUNNING: SeedTournament = {
  slug: RUNNING_SLUG,
  imageUrl: '/tournaments/originals-hunt.svg',
  scoring: 'highest_multiplier',
  pointsPerSpin: 1,
  gameIds: [],
  categorySlugs: ['originals'],
  minStakeEurMinor: 10n,
  entryFee: { kind: 'free', minor: 0n },
  startsInMs: -2 * DAY,
  lastsMs: 7 * DAY,
  title: [
    'Originals Multiplier Hunt',
    'Multiplikator-Jagd der Originals',
    'Chasse aux multiplicateurs Originals',
    'Caça aos Multiplicadores Originals',
    'Multiplikatorjakt i Originals',
    'Łowy na mnożniki w Originals',
    'Originals-kertoimien metsästys',
    'مطاردة المضاعِفات في الألعاب الأصلية',
    'Caccia ai moltiplicatori Originals',
    'Kordajajaht Originals-mängudes',
  ],
  text: [
    'Land the biggest win multiplier of a single bet on any Aurum Original (Dice, Mines, Roulette or Slots) to top the board. Only your best bet counts, from a €0.10 stake. Free to join; the top 10 win cash, bonus money, a Gold chest and coins.',
    'Landen Sie den höchsten Gewinnmultiplikator eines einzelnen Einsatzes in einem Aurum Original (Dice, Mines, Roulette oder Slots) und führen Sie die Rangliste an. Es zählt nur Ihr bester Einsatz, ab 0,10 €. Die Teilnahme ist kostenlos; die besten 10 gewinnen Echtgeld, Bonusgeld, eine Goldtruhe und Münzen.',
    'Décrochez le plus gros multiplicateur de gain sur une seule mise dans un Aurum Original (Dice, Mines, Roulette ou Slots) pour prendre la tête du classement. Seule votre meilleure mise compte, dès 0,10 €. Participation gratuite ; les 10 premiers gagnent de l’argent réel, de l’argent bonus, un coffre d’or et des pièces.',
    'Consiga o maior multiplicador de ganho numa única aposta em qualquer Aurum Original (Dice, Mines, Roulette ou Slots) para liderar a classificação. Só conta a sua melhor aposta, a partir de 0,10 €. A participação é gratuita; os 10 primeiros ganham dinheiro real, dinheiro de bónus, um baú de ouro e moedas.',
    'Få den største gevinstmultiplikatoren på én enkelt innsats i et Aurum Original (Dice, Mines, Roulette eller Slots) for å toppe listen. Bare den beste innsatsen din teller, fra 0,10 €. Gratis å delta; topp 10 vinner kontanter, bonuspenger, en gullkiste og mynter.',
    'Traf największy mnożnik wygranej z jednego zakładu w dowolnej grze Aurum Original (Dice, Mines, Roulette lub Slots), aby objąć prowadzenie w rankingu. Liczy się tylko Twój najlepszy zakład, od 0,10 €. Udział jest bezpłatny; pierwsza dziesiątka wygrywa gotówkę, środki bonusowe, złotą skrzynię i monety.',
    'Osu suurin yksittäisen panoksen voittokerroin missä tahansa Aurum Originals -pelissä (Dice, Mines, Roulette tai Slots) ja nouse listan kärkeen. Vain paras panoksesi lasketaan, alkaen 0,10 €. Osallistuminen on ilmaista; kymmenen parasta voittaa käteistä, bonusrahaa, kulta-arkun ja kolikoita.',
    'حقّق أعلى مضاعِف ربح في رهان واحد على أي لعبة من ألعاب Aurum الأصلية (Dice أو Mines أو Roulette أو Slots) لتتصدّر لوحة الترتيب. يُحتسب أفضل رهان لك فقط، بدءًا من 0.10 €. المشاركة مجانية، ويفوز أصحاب المراكز العشرة الأولى بأموال نقدية ورصيد مكافأة وصندوق ذهبي وعملات.',
    'Centra il moltiplicatore di vincita più alto con una singola puntata su un Aurum Original (Dice, Mines, Roulette o Slots) per guidare la classifica. Conta solo la tua puntata migliore, da 0,10 €. Partecipazione gratuita; i primi 10 vincono denaro reale, denaro bonus, un forziere d’oro e monete.',
    'Tabage ühe panusega suurim võidukordaja mõnes Aurumi Originals-mängus (Dice, Mines, Roulette või Slots) ja tõusege edetabeli tippu. Arvesse läheb ainult teie parim panus, alates 0,10 €. Osalemine on tasuta; esikümme võidab päris raha, boonusraha, kuldkirstu ja münte.',
  ],
  imageAlt: [
    'A glowing multiplier gauge above a pair of dice and a mines grid',
    'Eine leuchtende Multiplikatoranzeige über zwei Würfeln und einem Mines-Raster',
    'Une jauge de multiplicateur lumineuse au-dessus de deux dés et d’une grille de Mines',
    'Um medidor de multiplicador luminoso sobre dois dados e uma grelha de Mines',
    'En lysende multiplikatormåler over to terninger og et Mines-rutenett',
    'Świecący wskaźnik mnożnika nad parą kości i planszą Mines',
    'Hehkuva kerroinmittari kahden nopan ja Mines-ruudukon yllä',
    'مؤشر مضاعِف متوهّج فوق نردين وشبكة لعبة Mines',
    'Un indicatore di moltiplicatore luminoso sopra due dadi e una griglia di Mines',
    'Helendav kordajanäidik kahe täringu ja Minesi ruudustiku kohal',
  ],
  prizes: [
    { fromPlace: 1, toPlace: 1, prize: { kind: 'cash', eurMinor: '10000' }, label: cash('100') },
    { fromPlace: 2, toPlace: 2, prize: { kind: 'bonus', eurMinor: '5000' }, label: bonus('50') },
    {
      fromPlace: 3,
      toPlace: 3,
      prize: {
        chest: 'gold',
        fallback: { prize: { kind: 'bonus', eurMinor: '2500' }, label: bonus('25') },
      },
      label: BOX_NAMES.gold,
    },
    {
      fromPlace: 4,
      toPlace: 10,
      prize: { kind: 'coins', coinsMinor: '25000' },
      label: coins('250'),
    },
  ],
}

const UPCOMING: SeedTournament = {
  slug: UPCOMING_SLUG,
  imageUrl: '/tournaments/slots-race.svg',
  scoring: 'total_wagered',
  pointsPerSpin: 1,
  gameIds: [],
  categorySlugs: ['slots'],
  minStakeEurMinor: 10n,
  entryFee: { kind: 'coins', minor: 10_000n },
  startsInMs: 2 * DAY,
  lastsMs: 7 * DAY,
  title: [
    'Slots Wagering Race',
    'Slots-Einsatzrennen',
    'Course aux mises sur les machines à sous',
    'Corrida de Apostas nas Slots',
    'Innsatsløp på spilleautomater',
    'Wyścig stawek na automatach',
    'Kolikkopelien panoskisa',
    'سباق الرهانات على ألعاب السلوت',
    'Gara di puntate sulle slot',
    'Slotimängude panuste võidujooks',
  ],
  text: [
    'A week-long race across every slot in the lobby: every euro you stake counts, from €0.10 a spin. Entry costs 100 coins. The top 25 win: €250 in cash for first place, then bonus money, a Silver chest and coins.',
    'Ein einwöchiges Rennen über alle Spielautomaten der Lobby: Jeder eingesetzte Euro zählt, ab 0,10 € pro Dreh. Die Teilnahme kostet 100 Münzen. Die besten 25 gewinnen: 250 € Echtgeld für Platz eins, dazu Bonusgeld, eine Silbertruhe und Münzen.',
    'Une course d’une semaine sur toutes les machines à sous du lobby : chaque euro misé compte, dès 0,10 € par tour. L’inscription coûte 100 pièces. Les 25 premiers gagnent : 250 € en argent réel pour la première place, puis de l’argent bonus, un coffre d’argent et des pièces.',
    'Uma corrida de uma semana em todas as slots do lobby: cada euro apostado conta, a partir de 0,10 € por rodada. A inscrição custa 100 moedas. Os 25 primeiros ganham: 250 € em dinheiro real para o primeiro lugar, depois dinheiro de bónus, um baú de prata e moedas.',
    'Et ukelangt løp på alle spilleautomatene i lobbyen: hver euro du satser teller, fra 0,10 € per spinn. Påmelding koster 100 mynter. Topp 25 vinner: 250 € i kontanter til førsteplassen, deretter bonuspenger, en sølvkiste og mynter.',
    'Tygodniowy wyścig na wszystkich automatach w lobby: liczy się każde postawione euro, od 0,10 € za spin. Wpisowe kosztuje 100 monet. Nagrody zdobywa 25 najlepszych: 250 € w gotówce za pierwsze miejsce, a dalej środki bonusowe, srebrną skrzynię i monety.',
    'Viikon mittainen kisa aulan kaikilla kolikkopeleillä: jokainen pelattu euro lasketaan, alkaen 0,10 € pyöräytykseltä. Osallistuminen maksaa 100 kolikkoa. 25 parasta palkitaan: ensimmäiselle 250 € käteistä, sitten bonusrahaa, hopea-arkku ja kolikoita.',
    'سباق يمتد أسبوعًا على جميع ألعاب السلوت في الردهة: كل يورو تراهن به يُحتسب، بدءًا من 0.10 € للدورة. رسوم المشاركة 100 عملة. يفوز أصحاب المراكز الخمسة والعشرين الأولى: 250 € نقدًا للمركز الأول، ثم رصيد مكافأة وصندوق فضي وعملات.',
    'Una gara di una settimana su tutte le slot della lobby: conta ogni euro puntato, da 0,10 € a giro. L’iscrizione costa 100 monete. I primi 25 vincono: 250 € in denaro reale al primo posto, poi denaro bonus, un forziere d’argento e monete.',
    'Nädalapikkune võidusõit kõigil fuajee slotimängudel: iga panustatud euro läheb arvesse, alates 0,10 € keerutuse kohta. Osalemine maksab 100 münti. Auhinnad saavad 25 parimat: esikohale 250 € päris raha, seejärel boonusraha, hõbekirst ja mündid.',
  ],
  imageAlt: [
    'Three spinning slot reels racing towards a chequered finish line',
    'Drei sich drehende Walzen rasen auf eine karierte Ziellinie zu',
    'Trois rouleaux de machine à sous filent vers une ligne d’arrivée à damier',
    'Três rolos de slot em movimento a correr para uma meta axadrezada',
    'Tre spinnende automathjul som raser mot en rutete mållinje',
    'Trzy wirujące bębny automatu pędzą ku mecie w szachownicę',
    'Kolme pyörivää kolikkopelin rullaa kiitää kohti ruudullista maaliviivaa',
    'ثلاث بكرات سلوت دوّارة تتسابق نحو خط نهاية مربّع',
    'Tre rulli di slot in corsa verso un traguardo a scacchi',
    'Kolm keerlevat slotitrumlit kihutamas malemustriga finišijoone poole',
  ],
  prizes: [
    { fromPlace: 1, toPlace: 1, prize: { kind: 'cash', eurMinor: '25000' }, label: cash('250') },
    { fromPlace: 2, toPlace: 2, prize: { kind: 'bonus', eurMinor: '10000' }, label: bonus('100') },
    {
      fromPlace: 3,
      toPlace: 3,
      prize: {
        chest: 'silver',
        fallback: { prize: { kind: 'bonus', eurMinor: '5000' }, label: bonus('50') },
      },
      label: BOX_NAMES.silver,
    },
    {
      fromPlace: 4,
      toPlace: 10,
      prize: { kind: 'coins', coinsMinor: '50000' },
      label: coins('500'),
    },
    {
      fromPlace: 11,
      toPlace: 25,
      prize: { kind: 'coins', coinsMinor: '10000' },
      label: coins('100'),
    },
  ],
}

const FINISHED: SeedTournament = {
  slug: FINISHED_SLUG,
  imageUrl: '/tournaments/spin-sprint.svg',
  scoring: 'points_per_spin',
  pointsPerSpin: 10,
  // The names bets carry (`bets.game`): the Originals' engines, here equal to their slugs.
  gameIds: ['dice', 'mines'],
  categorySlugs: [],
  minStakeEurMinor: 20n,
  entryFee: { kind: 'free', minor: 0n },
  startsInMs: -4 * DAY,
  lastsMs: 3 * DAY,
  title: [
    'Weekend Spin Sprint',
    'Wochenend-Dreh-Sprint',
    'Sprint de tours du week-end',
    'Sprint de Rodadas de Fim de Semana',
    'Helgens spinnsprint',
    'Weekendowy sprint spinów',
    'Viikonlopun pyöräytyskiri',
    'سباق الدورات السريع في عطلة نهاية الأسبوع',
    'Sprint di giocate del weekend',
    'Nädalavahetuse keerutuste sprint',
  ],
  text: [
    'Ten points for every Dice roll or Mines round of €0.20 or more over three days. Finished: see who won, and check from the revealed seeds how any tie was settled.',
    'Zehn Punkte für jeden Dice-Wurf und jede Mines-Runde ab 0,20 € an drei Tagen. Beendet: Sehen Sie, wer gewonnen hat, und prüfen Sie anhand der offengelegten Seeds, wie Gleichstände entschieden wurden.',
    'Dix points pour chaque lancer de Dice ou partie de Mines à partir de 0,20 €, pendant trois jours. Terminé : découvrez qui a gagné et vérifiez, grâce aux graines révélées, comment les égalités ont été départagées.',
    'Dez pontos por cada lançamento de Dice ou ronda de Mines a partir de 0,20 €, durante três dias. Terminado: veja quem ganhou e verifique, com as sementes reveladas, como foram desfeitos os empates.',
    'Ti poeng for hvert Dice-kast eller hver Mines-runde på 0,20 € eller mer i tre dager. Avsluttet: se hvem som vant, og kontroller med de avslørte frøene hvordan uavgjort ble avgjort.',
    'Dziesięć punktów za każdy rzut w Dice lub rundę Mines za co najmniej 0,20 € przez trzy dni. Zakończony: zobacz, kto wygrał, i sprawdź na podstawie ujawnionych ziaren, jak rozstrzygnięto remisy.',
    'Kymmenen pistettä jokaisesta vähintään 0,20 €:n Dice-heitosta tai Mines-kierroksesta kolmen päivän ajan. Päättynyt: katso voittajat ja tarkista paljastetuista siemenistä, miten tasapelit ratkaistiin.',
    'عشر نقاط عن كل رمية في Dice أو جولة في Mines بقيمة 0.20 € أو أكثر على مدى ثلاثة أيام. انتهت البطولة: اطّلع على الفائزين وتحقّق من البذور المكشوفة كيف حُسمت حالات التعادل.',
    'Dieci punti per ogni lancio a Dice o partita a Mines da 0,20 € in su, per tre giorni. Concluso: scopri chi ha vinto e verifica con i seed rivelati come sono stati risolti i pareggi.',
    'Kümme punkti iga vähemalt 0,20 € suuruse Dice’i viske või Minesi vooru eest kolme päeva jooksul. Lõppenud: vaadake, kes võitis, ja kontrollige avalikustatud seemnete abil, kuidas viigid lahendati.',
  ],
  imageAlt: [
    'A golden trophy and a stopwatch beside a winners’ podium',
    'Ein goldener Pokal und eine Stoppuhr neben einem Siegertreppchen',
    'Un trophée doré et un chronomètre à côté d’un podium',
    'Um troféu dourado e um cronómetro ao lado de um pódio',
    'En gullpokal og en stoppeklokke ved siden av en seierspall',
    'Złoty puchar i stoper obok podium zwycięzców',
    'Kultainen pokaali ja sekuntikello palkintokorokkeen vieressä',
    'كأس ذهبية وساعة توقيت بجانب منصة التتويج',
    'Un trofeo dorato e un cronometro accanto a un podio',
    'Kuldne karikas ja stopper võitjate poodiumi kõrval',
  ],
  // The demo player places in the coins: the seed pays this table, and the demo player's money
  // and bonuses are the wallet journey's baseline.
  prizes: [
    { fromPlace: 1, toPlace: 1, prize: { kind: 'cash', eurMinor: '5000' }, label: cash('50') },
    { fromPlace: 2, toPlace: 2, prize: { kind: 'bonus', eurMinor: '2000' }, label: bonus('20') },
    {
      fromPlace: 3,
      toPlace: 3,
      prize: {
        chest: 'gold',
        fallback: { prize: { kind: 'coins', coinsMinor: '100000' }, label: coins('1000') },
      },
      label: BOX_NAMES.gold,
    },
    {
      fromPlace: 4,
      toPlace: 8,
      prize: { kind: 'coins', coinsMinor: '20000' },
      label: coins('200'),
    },
  ],
}

// ---- Rival players ------------------------------------------------------------------------------

interface Rival {
  key: string
  firstName: string
  lastName: string
  country: string
  locale: string
  currency: string
}

/** Players from many countries who fill the boards; they cannot sign in. */
export const RIVALS: readonly Rival[] = [
  ['aino.virtanen', 'Aino', 'Virtanen', 'FI', 'fi', 'EUR'],
  ['mateus.carvalho', 'Mateus', 'Carvalho', 'PT', 'pt', 'EUR'],
  ['katarzyna.wojcik', 'Katarzyna', 'Wójcik', 'PL', 'pl', 'PLN'],
  ['layla.haddad', 'Layla', 'Haddad', 'JO', 'ar-en', 'USD'],
  ['lukas.brandner', 'Lukas', 'Brandner', 'AT', 'de_at', 'EUR'],
  ['chloe.tremblay', 'Chloé', 'Tremblay', 'CA', 'fr-ca', 'CAD'],
  ['kristjan.tamm', 'Kristjan', 'Tamm', 'EE', 'ee', 'EUR'],
  ['giulia.romano', 'Giulia', 'Romano', 'IT', 'it', 'EUR'],
  ['ingrid.solberg', 'Ingrid', 'Solberg', 'NO', 'no', 'NOK'],
  ['mia.thompson', 'Mia', 'Thompson', 'AU', 'au', 'AUD'],
  ['aroha.ngata', 'Aroha', 'Ngata', 'NZ', 'nz', 'NZD'],
  ['hannah.weber', 'Hannah', 'Weber', 'DE', 'de', 'EUR'],
].map(([key, firstName, lastName, country, locale, currency]) => ({
  key: key as string,
  firstName: firstName as string,
  lastName: lastName as string,
  country: country as string,
  locale: locale as string,
  currency: currency as string,
}))

export const RIVAL_EMAIL_DOMAIN = 'players.aurum.example'
const emailOf = (key: string) => `${key}@${RIVAL_EMAIL_DOMAIN}`

/**
 * A well-formed argon2id hash of random bytes: no password verifies against it (the chance is
 * 2^-256), and a sign-in attempt costs what any other does instead of failing on a malformed hash.
 */
function unusablePasswordHash(): string {
  const b64 = (bytes: number) => randomBytes(bytes).toString('base64').replace(/=+$/, '')
  return `$argon2id$v=19$m=65536,t=3,p=1$${b64(16)}$${b64(32)}`
}

async function seedRivals(tx: Tx, now: Date): Promise<Map<string, string>> {
  await tx
    .insert(players)
    .values(
      RIVALS.map((rival, index) => ({
        email: emailOf(rival.key),
        passwordHash: unusablePasswordHash(),
        firstName: rival.firstName,
        lastName: rival.lastName,
        country: rival.country,
        locale: rival.locale,
        currency: rival.currency,
        emailVerifiedAt: now,
        createdAt: new Date(now.getTime() - (40 + index * 3) * DAY),
      })),
    )
    .onConflictDoNothing()
  const rows = await tx
    .select({ id: players.id, email: players.email })
    .from(players)
    .where(
      inArray(players.email, [...RIVALS.map((rival) => emailOf(rival.key)), DEMO_PLAYER.email]),
    )
  return new Map(rows.map((row) => [row.email, row.id]))
}

// ---- Boards --------------------------------------------------------------------------------------

/** An entry: who (a rival's key, or `demo`), the score, the bets, and when it reached the score. */
type SeedEntry = readonly [who: string, score: bigint, bets: number, reachedHours: number | null]

/** Basis points of the best multiplier; the demo player sits in the middle, at place 7 of 13. */
const RUNNING_BOARD: SeedEntry[] = [
  ['aino.virtanen', 2_548_000n, 412, 31.5],
  ['mateus.carvalho', 1_276_500n, 268, 9.2],
  ['katarzyna.wojcik', 842_000n, 530, 40.1],
  ['layla.haddad', 615_000n, 97, 22.7],
  ['lukas.brandner', 480_000n, 184, 3.4],
  ['chloe.tremblay', 325_500n, 143, 27.9],
  ['demo', 198_000n, 64, 18.3],
  ['kristjan.tamm', 154_000n, 88, 44.6],
  ['giulia.romano', 96_000n, 51, 12.8],
  ['ingrid.solberg', 52_500n, 39, 35.2],
  ['mia.thompson', 31_000n, 22, 6.1],
  ['aroha.ngata', 12_000n, 9, 46.9],
  // Joined, no qualifying bet yet.
  ['hannah.weber', 0n, 0, null],
]

/** Ten points a spin; the demo player finishes fifth (200 coins). */
const FINISHED_BOARD: SeedEntry[] = [
  ['katarzyna.wojcik', 4870n, 487, 71.2],
  ['lukas.brandner', 4130n, 413, 70.4],
  ['giulia.romano', 3560n, 356, 68.9],
  ['aroha.ngata', 2940n, 294, 66.1],
  ['demo', 2410n, 241, 59.7],
  ['mateus.carvalho', 1980n, 198, 63.3],
  ['ingrid.solberg', 1520n, 152, 55.8],
  ['layla.haddad', 1170n, 117, 49.5],
  ['mia.thompson', 860n, 86, 41.0],
  ['hannah.weber', 540n, 54, 30.2],
  ['kristjan.tamm', 210n, 21, 17.6],
  ['chloe.tremblay', 90n, 9, 4.4],
]

/**
 * The board's entries that are not there yet (a player joins once: the unique index), then the
 * participant count and a board version that counts each join and each first score.
 */
async function seedBoard(
  tx: Tx,
  row: typeof tournaments.$inferSelect,
  board: readonly SeedEntry[],
  ids: Map<string, string>,
): Promise<void> {
  const values = board.flatMap(([who, score, bets, reachedHours], index) => {
    const playerId = ids.get(who === 'demo' ? DEMO_PLAYER.email : emailOf(who))
    if (playerId === undefined) return []
    const at = (hours: number) => new Date(row.startsAt.getTime() + hours * HOUR)
    return [
      {
        id: uuidv7(),
        tournamentId: row.id,
        playerId,
        score,
        reachedAt: reachedHours === null ? null : at(reachedHours),
        bets,
        // Joined in the tournament's first hours, before any entry scored.
        joinedAt: at((index + 1) * 0.1),
      },
    ]
  })
  const added = await tx
    .insert(tournamentEntries)
    .values(values)
    .onConflictDoNothing()
    .returning({ score: tournamentEntries.score })
  if (added.length === 0) return
  const [entries] = await tx
    .select({ n: count() })
    .from(tournamentEntries)
    .where(eq(tournamentEntries.tournamentId, row.id))
  const moves = added.length + added.filter((entry) => entry.score > 0n).length
  await tx
    .update(tournaments)
    .set({
      participantCount: entries?.n ?? 0,
      leaderboardVersion: row.leaderboardVersion + moves,
    })
    .where(eq(tournaments.id, row.id))
}

// ---- Inserting -----------------------------------------------------------------------------------

async function chestIds(tx: Tx): Promise<Map<string, number>> {
  const rows = await tx.select({ id: lootboxes.id, slug: lootboxes.slug }).from(lootboxes)
  return new Map(rows.map((row) => [row.slug, row.id]))
}

/** The tournament and its prize table, only when its slug is not there yet. */
async function insertTournament(
  tx: Tx,
  secretBox: SecretBox,
  tournament: SeedTournament,
  chests: Map<string, number>,
  now: Date,
) {
  const seed = newServerSeed()
  const startsAt = new Date(now.getTime() + tournament.startsInMs)
  const [row] = await tx
    .insert(tournaments)
    .values({
      slug: tournament.slug,
      texts: inEveryLocale((language) => ({
        title: pick(tournament.title, language),
        text: pick(tournament.text, language),
        imageAlt: pick(tournament.imageAlt, language),
      })),
      imageUrl: tournament.imageUrl,
      scoring: tournament.scoring,
      pointsPerSpin: tournament.pointsPerSpin,
      gameIds: tournament.gameIds,
      categorySlugs: tournament.categorySlugs,
      currencies: [],
      minStakeEurMinor: tournament.minStakeEurMinor,
      entryFeeKind: tournament.entryFee.kind,
      entryFeeMinor: tournament.entryFee.minor,
      startsAt,
      endsAt: new Date(startsAt.getTime() + tournament.lastsMs),
      // What the start job writes once the start has passed.
      startedAt: startsAt <= now ? startsAt : null,
      serverSeedSealed: secretBox.seal(seed),
      serverSeedHash: hashServerSeed(seed),
      createdAt: new Date(Math.min(startsAt.getTime(), now.getTime()) - 3 * DAY),
    })
    .onConflictDoNothing({ target: tournaments.slug })
    .returning()
  if (!row) return undefined
  await tx.insert(tournamentPrizes).values(
    tournament.prizes.map((entry) => {
      const chest = 'chest' in entry.prize ? entry.prize : undefined
      const chestId = chest && chests.get(chest.chest)
      const { prize, label } =
        chest === undefined
          ? { prize: entry.prize as Prize, label: entry.label }
          : chestId === undefined
            ? chest.fallback
            : { prize: { kind: 'lootbox', lootboxId: chestId } satisfies Prize, label: entry.label }
      return {
        tournamentId: row.id,
        fromPlace: entry.fromPlace,
        toPlace: entry.toPlace,
        prize,
        texts: inEveryLocale((language) => ({ label: pick(label, language) })),
      }
    }),
  )
  return row
}

/**
 * Settles the seeded finished tournament by the finish job's own settlement, in the seed's
 * transaction (the row locked, as the job holds it): its results, prizes, notices and revealed
 * seeds, a minute after its end. What the job reads before its transaction is read here in it:
 * the rates, and every locale's shipped words (the operator has changed none yet).
 */
export async function settleSeededTournament(
  tx: Tx,
  tournamentId: number,
  secretBox: SecretBox,
): Promise<void> {
  const [row] = await tx
    .select()
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId))
    .for('update')
  if (!row || row.finishedAt !== null) return
  const shipped = loadShippedMessages()
  const english = shipped.get('en') ?? {}
  await settleTournament(tx, row, {
    secretBox,
    rates: rateTable(await tx.select().from(exchangeRates)),
    textOf: (locale) => textsFrom(shipped.get(locale) ?? english, english),
    notify: (inner, input) => insertNotification(inner, input),
    now: new Date(row.endsAt.getTime() + 60_000),
  })
}

/**
 * The tournaments' demo content (issue 25), each only when its slug is not there: the running
 * Originals multiplier hunt with a live board (the demo player in the middle of it), the upcoming
 * slots race with a coin entry, and last weekend's spin sprint, finished and paid by the real
 * settlement in this transaction. Twelve rival players fill the boards. Lootboxes come from the
 * rewards' seed, which runs first.
 */
export async function seedTournaments(
  db: Db,
  secretBox: SecretBox,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = await seedRivals(tx, now)
    const chests = await chestIds(tx)
    const running =
      (await insertTournament(tx, secretBox, RUNNING, chests, now)) ??
      (await tx.select().from(tournaments).where(eq(tournaments.slug, RUNNING_SLUG)))[0]
    // Again on every run: the demo player may be seeded after the first one.
    if (running) await seedBoard(tx, running, RUNNING_BOARD, ids)
    await insertTournament(tx, secretBox, UPCOMING, chests, now)
    // Its board only when it is new: once settled, its results are final.
    const finished = await insertTournament(tx, secretBox, FINISHED, chests, now)
    if (!finished) return
    await seedBoard(tx, finished, FINISHED_BOARD, ids)
    await settleSeededTournament(tx, finished.id, secretBox)
  })
}
