import { asc, eq, like } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import type { Prize } from '#common/rewards-rules.ts'
import type { Tx } from '#db/client.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { insertNotification } from '#server/modules/notifications/index.ts'
import { hashServerSeed, newServerSeed } from '#server/modules/originals/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { drawLottery } from '#server/modules/rewards/lottery-draw.ts'
import {
  lootboxes,
  lotteries,
  lotteryPrizes,
  lotteryTickets,
} from '#server/modules/rewards/rewards.tables.ts'
import { loadShippedMessages, textsFrom } from '#server/modules/site/index.ts'
import { rateTable } from '#server/modules/wallet/index.ts'
import { exchangeRates } from '#server/modules/wallet/wallet.tables.ts'
import { DEMO_PLAYER } from './demo-accounts.ts'
import { seedPage, type BlockWords } from './engagement-pages.ts'
import { inEveryLocale, pick, type Words } from './engagement-texts.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

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

const CASH_100: Words = [
  '€100 in cash',
  '100 € Echtgeld',
  '100 € en argent réel',
  '100 € em dinheiro',
  '100 € i kontanter',
  '100 € w gotówce',
  '100 € käteistä',
  '100 € نقدًا',
  '100 € in denaro reale',
  '100 € päris raha',
]
const BONUS_25: Words = [
  '€25 bonus money',
  '25 € Bonusgeld',
  '25 € d’argent bonus',
  '25 € em dinheiro de bónus',
  '25 € i bonuspenger',
  '25 € środków bonusowych',
  '25 € bonusrahaa',
  '25 € رصيد مكافأة',
  '25 € di denaro bonus',
  '25 € boonusraha',
]
const GOLD_LOOTBOX: Words = [
  'Gold lootbox',
  'Goldtruhe',
  'Lootbox or',
  'Lootbox de ouro',
  'Gull-lootboks',
  'Złoty lootbox',
  'Kultainen aarrearkku',
  'صندوق الغنائم الذهبي',
  'Lootbox d’oro',
  'Kuldne aardekast',
]
const BONUS_10: Words = [
  '€10 bonus money',
  '10 € Bonusgeld',
  '10 € d’argent bonus',
  '10 € em dinheiro de bónus',
  '10 € i bonuspenger',
  '10 € środków bonusowych',
  '10 € bonusrahaa',
  '10 € رصيد مكافأة',
  '10 € di denaro bonus',
  '10 € boonusraha',
]

interface SeedLottery {
  slug: string
  imageUrl: string
  title: Words
  text: Words
  imageAlt: Words
}

const WEEKLY: SeedLottery = {
  slug: 'weekly-draw',
  imageUrl: '/lottery/weekly.svg',
  title: [
    'Weekly Gold Draw',
    'Wöchentliche Goldziehung',
    'Tirage d’or hebdomadaire',
    'Sorteio de Ouro Semanal',
    'Ukentlig gulltrekning',
    'Cotygodniowe Złote Losowanie',
    'Viikon kultainen arvonta',
    'السحب الذهبي الأسبوعي',
    'Estrazione d’oro settimanale',
    'Iganädalane kuldne loos',
  ],
  text: [
    'Every €25 you wager with your own money this week earns a ticket, up to 50. Tickets are also sold in the shop for coins. Ten prizes, drawn one hour after sales close.',
    'Je 25 € Einsatz mit eigenem Geld in dieser Woche bringen Ihnen ein Los, bis zu 50. Lose gibt es auch im Shop gegen Münzen. Zehn Preise, gezogen eine Stunde nach Verkaufsende.',
    'Chaque tranche de 25 € misée avec votre propre argent cette semaine vous rapporte un ticket, jusqu’à 50. Les tickets s’achètent aussi en pièces dans la boutique. Dix prix, tirés une heure après la fin des ventes.',
    'Cada 25 € apostados com o seu próprio dinheiro esta semana valem um bilhete, até 50. Os bilhetes também se compram na loja com moedas. Dez prémios, sorteados uma hora após o fecho das vendas.',
    'Hver 25 € du satser med egne penger denne uken gir deg et lodd, opptil 50. Lodd selges også i butikken for mynter. Ti premier, trukket én time etter at salget stenger.',
    'Każde 25 € postawione w tym tygodniu z własnych środków daje Ci los, maksymalnie 50. Losy kupisz też w sklepie za monety. Dziesięć nagród, losowanych godzinę po zamknięciu sprzedaży.',
    'Jokainen omalla rahalla tällä viikolla pelattu 25 € antaa arvan, enintään 50. Arpoja saa myös kaupasta kolikoilla. Kymmenen palkintoa, arvotaan tunti myynnin päättymisen jälkeen.',
    'كل 25 € تراهن بها من أموالك هذا الأسبوع تمنحك تذكرة، حتى 50 تذكرة. تُباع التذاكر أيضًا في المتجر مقابل العملات. عشر جوائز تُسحب بعد ساعة من انتهاء البيع.',
    'Ogni 25 € puntati con denaro tuo questa settimana ti danno un biglietto, fino a 50. I biglietti si comprano anche nel negozio con le monete. Dieci premi, estratti un’ora dopo la chiusura delle vendite.',
    'Iga sel nädalal oma rahaga panustatud 25 € annab pileti, kuni 50. Pileteid saab osta ka poest müntide eest. Kümme auhinda, loositakse tund pärast müügi lõppu.',
  ],
  imageAlt: [
    'Golden lottery tickets and a drum on a dark background',
    'Goldene Lose und eine Lostrommel auf dunklem Grund',
    'Tickets de loterie dorés et un tambour sur fond sombre',
    'Bilhetes de lotaria dourados e um tambor sobre fundo escuro',
    'Gylne lodd og en trommel på mørk bakgrunn',
    'Złote losy i bęben loterii na ciemnym tle',
    'Kultaisia arpoja ja arvontarumpu tummalla pohjalla',
    'تذاكر يانصيب ذهبية وأسطوانة سحب على خلفية داكنة',
    'Biglietti della lotteria dorati e un’urna su sfondo scuro',
    'Kuldsed loteriipiletid ja loositrummel tumedal taustal',
  ],
}

const NEXT_WEEK: SeedLottery = {
  slug: 'next-weekly-draw',
  imageUrl: '/lottery/next-week.svg',
  title: [
    'Next Week’s Gold Draw',
    'Goldziehung der nächsten Woche',
    'Tirage d’or de la semaine prochaine',
    'Sorteio de Ouro da próxima semana',
    'Neste ukes gulltrekning',
    'Złote Losowanie w przyszłym tygodniu',
    'Ensi viikon kultainen arvonta',
    'السحب الذهبي للأسبوع القادم',
    'Estrazione d’oro della prossima settimana',
    'Järgmise nädala kuldne loos',
  ],
  text: [
    'Sales open as soon as this week’s draw closes: the same ten prizes, a ticket for every €25 wagered.',
    'Der Verkauf beginnt, sobald die Ziehung dieser Woche schließt: dieselben zehn Preise, ein Los je 25 € Einsatz.',
    'Les ventes ouvrent dès la clôture du tirage de cette semaine : les mêmes dix prix, un ticket par tranche de 25 € misée.',
    'As vendas abrem assim que o sorteio desta semana fechar: os mesmos dez prémios, um bilhete por cada 25 € apostados.',
    'Salget åpner så snart denne ukens trekning stenger: de samme ti premiene, et lodd for hver 25 € du satser.',
    'Sprzedaż rusza, gdy tylko zamknie się losowanie z tego tygodnia: te same dziesięć nagród, los za każde postawione 25 €.',
    'Myynti alkaa heti, kun tämän viikon arvonta sulkeutuu: samat kymmenen palkintoa, arpa jokaisesta pelatusta 25 eurosta.',
    'يبدأ البيع فور إغلاق سحب هذا الأسبوع: الجوائز العشر نفسها، وتذكرة لكل 25 € تراهن بها.',
    'Le vendite aprono appena si chiude l’estrazione di questa settimana: gli stessi dieci premi, un biglietto ogni 25 € puntati.',
    'Müük algab kohe, kui selle nädala loos sulgub: samad kümme auhinda, pilet iga panustatud 25 € eest.',
  ],
  imageAlt: [
    'A calendar page and golden tickets',
    'Ein Kalenderblatt und goldene Lose',
    'Une page de calendrier et des tickets dorés',
    'Uma folha de calendário e bilhetes dourados',
    'Et kalenderark og gylne lodd',
    'Kartka z kalendarza i złote losy',
    'Kalenterin sivu ja kultaisia arpoja',
    'ورقة تقويم وتذاكر ذهبية',
    'Un foglio di calendario e biglietti dorati',
    'Kalendrileht ja kuldsed piletid',
  ],
}

const LAST_WEEK: SeedLottery = {
  slug: 'last-weekly-draw',
  imageUrl: '/lottery/drawn.svg',
  title: [
    'Last Week’s Gold Draw',
    'Goldziehung der letzten Woche',
    'Tirage d’or de la semaine dernière',
    'Sorteio de Ouro da semana passada',
    'Forrige ukes gulltrekning',
    'Złote Losowanie z zeszłego tygodnia',
    'Viime viikon kultainen arvonta',
    'السحب الذهبي للأسبوع الماضي',
    'Estrazione d’oro della settimana scorsa',
    'Eelmise nädala kuldne loos',
  ],
  text: [
    'Drawn and paid. Check the winners, or recompute the draw yourself from its seeds.',
    'Gezogen und ausgezahlt. Sehen Sie sich die Gewinner an oder rechnen Sie die Ziehung anhand ihrer Seeds selbst nach.',
    'Tiré et payé. Consultez les gagnants ou recalculez vous-même le tirage à partir de ses graines.',
    'Sorteado e pago. Veja os vencedores ou recalcule o sorteio a partir das suas sementes.',
    'Trukket og utbetalt. Se vinnerne, eller regn ut trekningen selv fra frøene.',
    'Rozlosowane i wypłacone. Sprawdź zwycięzców albo samodzielnie przelicz losowanie z jego ziaren.',
    'Arvottu ja maksettu. Katso voittajat tai laske arvonta itse sen siemenistä.',
    'تم السحب والدفع. اطّلع على الفائزين أو أعد حساب السحب بنفسك من بذوره.',
    'Estratta e pagata. Guarda i vincitori o ricalcola tu stesso l’estrazione dai suoi seed.',
    'Loositud ja välja makstud. Vaata võitjaid või arvuta loos ise selle seemnetest üle.',
  ],
  imageAlt: [
    'A golden trophy among lottery tickets',
    'Ein goldener Pokal zwischen Losen',
    'Un trophée doré parmi des tickets de loterie',
    'Um troféu dourado entre bilhetes de lotaria',
    'Et gylden pokal blant lodd',
    'Złoty puchar wśród losów',
    'Kultainen pokaali arpojen keskellä',
    'كأس ذهبية بين تذاكر اليانصيب',
    'Un trofeo dorato tra i biglietti della lotteria',
    'Kuldne karikas loteriipiletite keskel',
  ],
}

type PrizeRow = { prize: Prize; label: Words }

/**
 * The weekly prize table: 100 € cash, 25 € bonus money, a gold lootbox (10 € bonus money when
 * the installation has no gold lootbox), then 200 coins for ranks 4 to 10.
 */
function weeklyPrizes(goldLootboxId: number | undefined): PrizeRow[] {
  return [
    { prize: { kind: 'cash', eurMinor: '10000' }, label: CASH_100 },
    { prize: { kind: 'bonus', eurMinor: '2500' }, label: BONUS_25 },
    goldLootboxId === undefined
      ? { prize: { kind: 'bonus', eurMinor: '1000' }, label: BONUS_10 }
      : { prize: { kind: 'lootbox', lootboxId: goldLootboxId }, label: GOLD_LOOTBOX },
    ...Array.from({ length: 7 }, (): PrizeRow => ({
      prize: { kind: 'coins', coinsMinor: '20000' },
      label: coins('200'),
    })),
  ]
}

/**
 * The drawn lottery pays coins only: its draw runs in the seed, where the demo player's wallet
 * must stay as the demo deposit leaves it.
 */
const PAST_PRIZES: PrizeRow[] = [
  { prize: { kind: 'coins', coinsMinor: '100000' }, label: coins('1000') },
  { prize: { kind: 'coins', coinsMinor: '50000' }, label: coins('500') },
  { prize: { kind: 'coins', coinsMinor: '25000' }, label: coins('250') },
  ...Array.from({ length: 7 }, (): PrizeRow => ({
    prize: { kind: 'coins', coinsMinor: '10000' },
    label: coins('100'),
  })),
]

async function insertLottery(
  tx: Tx,
  secretBox: SecretBox,
  lottery: SeedLottery,
  schedule: { salesOpenAt: Date; salesCloseAt: Date; drawAt: Date },
  prizes: PrizeRow[],
) {
  const seed = newServerSeed()
  const [row] = await tx
    .insert(lotteries)
    .values({
      slug: lottery.slug,
      texts: inEveryLocale((language) => ({
        title: pick(lottery.title, language),
        text: pick(lottery.text, language),
        imageAlt: pick(lottery.imageAlt, language),
      })),
      imageUrl: lottery.imageUrl,
      ...schedule,
      ticketEveryEurMinor: 2500n,
      maxTicketsPerPlayer: 50,
      serverSeedSealed: secretBox.seal(seed),
      serverSeedHash: hashServerSeed(seed),
    })
    .onConflictDoNothing({ target: lotteries.slug })
    .returning()
  if (!row) return undefined
  await tx.insert(lotteryPrizes).values(
    prizes.map((entry, index) => ({
      lotteryId: row.id,
      rank: index + 1,
      prize: entry.prize,
      texts: inEveryLocale((language) => ({ label: pick(entry.label, language) })),
    })),
  )
  return row
}

/** Tickets the demo player earned last week (120 € wagered at 25 € a ticket). */
const DEMO_EARNED_TICKETS = 4

/** Last week's lottery, drawn by the real draw over the demo player's earned tickets, if any. */
async function seedDrawnLottery(tx: Tx, secretBox: SecretBox, now: Date) {
  const closeAt = new Date(now.getTime() - 2 * DAY)
  const row = await insertLottery(
    tx,
    secretBox,
    LAST_WEEK,
    {
      salesOpenAt: new Date(closeAt.getTime() - 7 * DAY),
      salesCloseAt: closeAt,
      drawAt: new Date(closeAt.getTime() + HOUR),
    },
    PAST_PRIZES,
  )
  if (!row) return
  const [demo] = await tx
    .select({ id: players.id })
    .from(players)
    .where(eq(players.email, DEMO_PLAYER.email))
  if (demo) {
    await tx.insert(lotteryTickets).values(
      Array.from({ length: DEMO_EARNED_TICKETS }, (_, index) => ({
        id: randomUUID(),
        lotteryId: row.id,
        number: index + 1,
        playerId: demo.id,
        source: 'earned' as const,
        sourceKey: `earned:${demo.id}:${row.id}:${index + 1}`,
        createdAt: new Date(row.salesOpenAt.getTime() + (index + 1) * DAY),
      })),
    )
    await tx
      .update(lotteries)
      .set({ ticketCount: DEMO_EARNED_TICKETS })
      .where(eq(lotteries.id, row.id))
  }
  const [locked] = await tx.select().from(lotteries).where(eq(lotteries.id, row.id)).for('update')
  if (!locked) return
  const shipped = loadShippedMessages()
  const english = shipped.get('en') ?? {}
  await drawLottery(tx, locked, {
    secretBox,
    rates: rateTable(await tx.select().from(exchangeRates)),
    textOf: (locale) => textsFrom(shipped.get(locale) ?? english, english),
    notify: (inner, input) => insertNotification(inner, input),
    now: new Date(row.drawAt.getTime() + 1000),
  })
}

const LOTTERY_PAGE: BlockWords[] = [
  {
    kind: 'hero',
    imageUrl: '/lottery/hero.svg',
    title: [
      'Lottery',
      'Lotterie',
      'Loterie',
      'Lotaria',
      'Lotteri',
      'Loteria',
      'Arvonta',
      'اليانصيب',
      'Lotteria',
      'Loterii',
    ],
    text: [
      'A weekly draw with ten prizes. Earn tickets by playing, buy more with coins, and check every draw yourself.',
      'Eine wöchentliche Ziehung mit zehn Preisen. Verdienen Sie Lose beim Spielen, kaufen Sie weitere mit Münzen und prüfen Sie jede Ziehung selbst nach.',
      'Un tirage hebdomadaire avec dix prix. Gagnez des tickets en jouant, achetez-en d’autres avec des pièces et vérifiez vous-même chaque tirage.',
      'Um sorteio semanal com dez prémios. Ganhe bilhetes a jogar, compre mais com moedas e verifique cada sorteio por si.',
      'En ukentlig trekning med ti premier. Tjen lodd ved å spille, kjøp flere for mynter og kontroller hver trekning selv.',
      'Cotygodniowe losowanie z dziesięcioma nagrodami. Zdobywaj losy, grając, dokupuj je za monety i sam sprawdzaj każde losowanie.',
      'Viikoittainen arvonta, jossa on kymmenen palkintoa. Ansaitse arpoja pelaamalla, osta lisää kolikoilla ja tarkista jokainen arvonta itse.',
      'سحب أسبوعي بعشر جوائز. اكسب التذاكر باللعب، واشترِ المزيد بالعملات، وتحقق من كل سحب بنفسك.',
      'Un’estrazione settimanale con dieci premi. Guadagna biglietti giocando, comprane altri con le monete e verifica tu stesso ogni estrazione.',
      'Iganädalane loos kümne auhinnaga. Teenige pileteid mängides, ostke juurde müntide eest ja kontrollige iga loosi ise.',
    ],
    imageAlt: [
      'Golden lottery tickets flying out of a drum',
      'Goldene Lose fliegen aus einer Lostrommel',
      'Des tickets de loterie dorés s’envolent d’un tambour',
      'Bilhetes de lotaria dourados a saltar de um tambor',
      'Gylne lodd som flyr ut av en trommel',
      'Złote losy wylatujące z bębna loterii',
      'Kultaisia arpoja lentää arvontarummusta',
      'تذاكر يانصيب ذهبية تتطاير من أسطوانة السحب',
      'Biglietti della lotteria dorati che volano fuori da un’urna',
      'Kuldsed loteriipiletid lendavad loositrumlist välja',
    ],
  },
  {
    kind: 'text',
    imageUrl: null,
    title: [
      'Fair by design',
      'Fair von Grund auf',
      'Équitable par conception',
      'Justo por conceção',
      'Rettferdig fra grunnen av',
      'Uczciwość w samej konstrukcji',
      'Reilu alusta alkaen',
      'عادل من حيث التصميم',
      'Equa per costruzione',
      'Aus juba ülesehituselt',
    ],
    text: [
      'Before sales close we publish the hash of the draw’s secret server seed. The client seed is the fingerprint of every ticket sold, fixed when sales close. After the draw both seeds are shown, so anyone can recompute the winning tickets.',
      'Vor Verkaufsende veröffentlichen wir den Hash des geheimen Server-Seeds der Ziehung. Der Client-Seed ist der Fingerabdruck aller verkauften Lose und steht mit dem Verkaufsende fest. Nach der Ziehung werden beide Seeds gezeigt, sodass jeder die Gewinnerlose nachrechnen kann.',
      'Avant la fin des ventes, nous publions le hachage de la graine serveur secrète du tirage. La graine client est l’empreinte de tous les tickets vendus, fixée à la clôture des ventes. Après le tirage, les deux graines sont affichées : chacun peut recalculer les tickets gagnants.',
      'Antes do fecho das vendas publicamos o hash da semente secreta do servidor. A semente do cliente é a impressão digital do conjunto dos bilhetes vendidos, fixada no fecho das vendas. Depois do sorteio mostramos as duas sementes, para que qualquer pessoa possa recalcular os bilhetes vencedores.',
      'Før salget stenger publiserer vi hashen av trekningens hemmelige serverfrø. Klientfrøet er fingeravtrykket av alle solgte lodd og ligger fast når salget stenger. Etter trekningen vises begge frøene, så hvem som helst kan regne ut vinnerloddene på nytt.',
      'Przed zamknięciem sprzedaży publikujemy skrót tajnego ziarna serwera. Ziarno klienta to odcisk wszystkich sprzedanych losów, ustalony w chwili zamknięcia sprzedaży. Po losowaniu pokazujemy oba ziarna, więc każdy może przeliczyć zwycięskie losy.',
      'Ennen myynnin päättymistä julkaisemme arvonnan salaisen palvelinsiemenen tiivisteen. Asiakassiemen on kaikkien myytyjen arpojen sormenjälki, ja se lukittuu myynnin päättyessä. Arvonnan jälkeen molemmat siemenet näytetään, joten kuka tahansa voi laskea voittoarvat uudelleen.',
      'قبل إغلاق البيع ننشر بصمة بذرة الخادم السرية للسحب. بذرة العميل هي بصمة جميع التذاكر المبيعة، وتُثبَّت عند إغلاق البيع. بعد السحب نعرض البذرتين، فيستطيع أي شخص إعادة حساب التذاكر الفائزة.',
      'Prima della chiusura delle vendite pubblichiamo l’hash del seed segreto del server. Il seed del client è l’impronta di tutti i biglietti venduti, fissata alla chiusura delle vendite. Dopo l’estrazione mostriamo entrambi i seed, così chiunque può ricalcolare i biglietti vincenti.',
      'Enne müügi lõppu avaldame loosi salajase serveriseemne räsi. Kliendiseeme on kõigi müüdud piletite sõrmejälg ja see lukustub müügi lõppedes. Pärast loosi näitame mõlemat seemet, nii et igaüks saab võidupiletid üle arvutada.',
    ],
  },
  {
    kind: 'steps',
    imageUrl: null,
    title: [
      'How it works',
      'So funktioniert es',
      'Comment ça marche',
      'Como funciona',
      'Slik fungerer det',
      'Jak to działa',
      'Näin se toimii',
      'كيف يعمل',
      'Come funziona',
      'Kuidas see toimib',
    ],
    text: [
      'Three steps from your first bet to the draw.',
      'Drei Schritte von Ihrem ersten Einsatz bis zur Ziehung.',
      'Trois étapes de votre première mise au tirage.',
      'Três passos da sua primeira aposta até ao sorteio.',
      'Tre steg fra første innsats til trekningen.',
      'Trzy kroki od pierwszego zakładu do losowania.',
      'Kolme askelta ensimmäisestä panoksesta arvontaan.',
      'ثلاث خطوات من رهانك الأول إلى السحب.',
      'Tre passi dalla prima puntata all’estrazione.',
      'Kolm sammu esimesest panusest loosini.',
    ],
    items: [
      {
        title: [
          'Play',
          'Spielen',
          'Jouez',
          'Jogue',
          'Spill',
          'Graj',
          'Pelaa',
          'العب',
          'Gioca',
          'Mängige',
        ],
        text: [
          'Every €25 you wager with your own money while sales are open earns a ticket.',
          'Je 25 € Einsatz mit eigenem Geld während des Verkaufs bringen ein Los.',
          'Chaque tranche de 25 € misée avec votre propre argent pendant les ventes rapporte un ticket.',
          'Cada 25 € apostados com o seu dinheiro durante as vendas valem um bilhete.',
          'Hver 25 € du satser med egne penger mens salget pågår, gir et lodd.',
          'Każde 25 € postawione z własnych środków w trakcie sprzedaży daje los.',
          'Jokainen omalla rahalla myynnin aikana pelattu 25 € antaa arvan.',
          'كل 25 € تراهن بها من أموالك أثناء فترة البيع تمنحك تذكرة.',
          'Ogni 25 € puntati con denaro tuo durante le vendite ti danno un biglietto.',
          'Iga müügi ajal oma rahaga panustatud 25 € annab pileti.',
        ],
      },
      {
        title: [
          'Collect',
          'Sammeln',
          'Collectionnez',
          'Junte',
          'Samle',
          'Zbieraj',
          'Kerää',
          'اجمع',
          'Raccogli',
          'Koguge',
        ],
        text: [
          'Buy extra tickets in the shop for coins, up to 50 per draw.',
          'Kaufen Sie im Shop weitere Lose gegen Münzen, bis zu 50 pro Ziehung.',
          'Achetez des tickets supplémentaires en pièces dans la boutique, jusqu’à 50 par tirage.',
          'Compre bilhetes extra na loja com moedas, até 50 por sorteio.',
          'Kjøp ekstra lodd i butikken for mynter, opptil 50 per trekning.',
          'Dokupuj losy w sklepie za monety, do 50 na losowanie.',
          'Osta lisäarpoja kaupasta kolikoilla, enintään 50 arvontaa kohden.',
          'اشترِ تذاكر إضافية من المتجر بالعملات، حتى 50 تذكرة لكل سحب.',
          'Compra biglietti extra nel negozio con le monete, fino a 50 per estrazione.',
          'Ostke poest müntide eest lisapileteid, kuni 50 loosi kohta.',
        ],
      },
      {
        title: [
          'Win',
          'Gewinnen',
          'Gagnez',
          'Ganhe',
          'Vinn',
          'Wygrywaj',
          'Voita',
          'اربح',
          'Vinci',
          'Võitke',
        ],
        text: [
          'Ten tickets win, one prize each. Prizes are paid the moment the draw runs.',
          'Zehn Lose gewinnen, je einen Preis. Die Preise werden in dem Moment ausgezahlt, in dem die Ziehung läuft.',
          'Dix tickets gagnent, un prix chacun. Les prix sont versés dès que le tirage a lieu.',
          'Dez bilhetes ganham, um prémio cada. Os prémios são pagos no momento do sorteio.',
          'Ti lodd vinner, én premie hver. Premiene utbetales idet trekningen skjer.',
          'Wygrywa dziesięć losów, każdy jedną nagrodę. Nagrody są wypłacane w chwili losowania.',
          'Kymmenen arpaa voittaa, kukin yhden palkinnon. Palkinnot maksetaan heti arvonnan hetkellä.',
          'تفوز عشر تذاكر، لكل منها جائزة واحدة. تُدفع الجوائز لحظة إجراء السحب.',
          'Vincono dieci biglietti, un premio ciascuno. I premi vengono pagati nel momento dell’estrazione.',
          'Võidab kümme piletit, igaüks ühe auhinna. Auhinnad makstakse välja loosimise hetkel.',
        ],
      },
    ],
  },
  {
    kind: 'faq',
    imageUrl: null,
    title: [
      'Questions',
      'Fragen',
      'Questions',
      'Perguntas',
      'Spørsmål',
      'Pytania',
      'Kysymyksiä',
      'أسئلة',
      'Domande',
      'Küsimused',
    ],
    text: [
      'What players ask most about the lottery.',
      'Was Spieler am häufigsten zur Lotterie fragen.',
      'Ce que les joueurs demandent le plus souvent sur la loterie.',
      'O que os jogadores mais perguntam sobre a lotaria.',
      'Det spillerne oftest spør om lotteriet.',
      'O co gracze najczęściej pytają w sprawie loterii.',
      'Mitä pelaajat kysyvät arvonnasta useimmin.',
      'أكثر ما يسأل عنه اللاعبون بشأن اليانصيب.',
      'Le domande più frequenti dei giocatori sulla lotteria.',
      'Mida mängijad loterii kohta kõige sagedamini küsivad.',
    ],
    items: [
      {
        title: [
          'Do bonus bets earn tickets?',
          'Bringen Bonuseinsätze Lose?',
          'Les mises bonus rapportent-elles des tickets ?',
          'As apostas com bónus dão bilhetes?',
          'Gir bonusinnsatser lodd?',
          'Czy zakłady bonusowe dają losy?',
          'Antavatko bonuspanokset arpoja?',
          'هل تمنح رهانات المكافأة تذاكر؟',
          'Le puntate bonus danno biglietti?',
          'Kas boonuspanused annavad pileteid?',
        ],
        text: [
          'No. Only the part of a stake paid with your own money counts toward tickets.',
          'Nein. Nur der mit eigenem Geld bezahlte Teil eines Einsatzes zählt für Lose.',
          'Non. Seule la part d’une mise payée avec votre propre argent compte pour les tickets.',
          'Não. Só a parte da aposta paga com o seu próprio dinheiro conta para os bilhetes.',
          'Nei. Bare den delen av innsatsen som betales med egne penger, teller mot lodd.',
          'Nie. Do losów liczy się tylko część stawki opłacona z własnych środków.',
          'Eivät. Arpoihin lasketaan vain omalla rahalla maksettu osa panoksesta.',
          'لا. يُحتسب للتذاكر فقط الجزء من الرهان المدفوع من أموالك.',
          'No. Per i biglietti conta solo la parte della puntata pagata con denaro tuo.',
          'Ei. Piletite hulka loeb ainult oma rahaga makstud osa panusest.',
        ],
      },
      {
        title: [
          'When is the draw?',
          'Wann ist die Ziehung?',
          'Quand a lieu le tirage ?',
          'Quando é o sorteio?',
          'Når er trekningen?',
          'Kiedy jest losowanie?',
          'Milloin arvonta on?',
          'متى يكون السحب؟',
          'Quando si svolge l’estrazione?',
          'Millal loos toimub?',
        ],
        text: [
          'One hour after sales close. You get a notification with the result either way.',
          'Eine Stunde nach Verkaufsende. Sie erhalten in jedem Fall eine Benachrichtigung mit dem Ergebnis.',
          'Une heure après la fin des ventes. Vous recevez une notification avec le résultat dans tous les cas.',
          'Uma hora após o fecho das vendas. Recebe sempre uma notificação com o resultado.',
          'Én time etter at salget stenger. Du får et varsel med resultatet uansett.',
          'Godzinę po zamknięciu sprzedaży. W każdym przypadku dostaniesz powiadomienie z wynikiem.',
          'Tunti myynnin päättymisen jälkeen. Saat tuloksesta ilmoituksen joka tapauksessa.',
          'بعد ساعة من إغلاق البيع. ستصلك إشعار بالنتيجة في كل الأحوال.',
          'Un’ora dopo la chiusura delle vendite. Ricevi comunque una notifica con il risultato.',
          'Tund pärast müügi lõppu. Saate tulemuse kohta teate igal juhul.',
        ],
      },
      {
        title: [
          'How can I check a draw?',
          'Wie kann ich eine Ziehung prüfen?',
          'Comment vérifier un tirage ?',
          'Como posso verificar um sorteio?',
          'Hvordan kan jeg kontrollere en trekning?',
          'Jak mogę sprawdzić losowanie?',
          'Miten voin tarkistaa arvonnan?',
          'كيف يمكنني التحقق من سحب؟',
          'Come posso verificare un’estrazione?',
          'Kuidas saan loosi kontrollida?',
        ],
        text: [
          'Each past draw lists its server seed, its hash and its client seed. HMAC-SHA256 of the two gives the numbers that pick the winning tickets.',
          'Jede vergangene Ziehung nennt ihren Server-Seed, dessen Hash und ihren Client-Seed. HMAC-SHA256 aus beiden ergibt die Zahlen, die die Gewinnerlose bestimmen.',
          'Chaque tirage passé affiche sa graine serveur, son hachage et sa graine client. Le HMAC-SHA256 des deux donne les nombres qui désignent les tickets gagnants.',
          'Cada sorteio anterior mostra a semente do servidor, o respetivo hash e a semente do cliente. O HMAC-SHA256 das duas dá os números que escolhem os bilhetes vencedores.',
          'Hver tidligere trekning viser serverfrøet, hashen og klientfrøet. HMAC-SHA256 av de to gir tallene som velger vinnerloddene.',
          'Każde minione losowanie podaje ziarno serwera, jego skrót i ziarno klienta. HMAC-SHA256 z obu daje liczby, które wybierają zwycięskie losy.',
          'Jokaisesta menneestä arvonnasta näkyvät palvelinsiemen, sen tiiviste ja asiakassiemen. Niiden HMAC-SHA256 antaa luvut, jotka valitsevat voittoarvat.',
          'يعرض كل سحب سابق بذرة الخادم وبصمتها وبذرة العميل. ويعطي HMAC-SHA256 للبذرتين الأرقام التي تختار التذاكر الفائزة.',
          'Ogni estrazione passata mostra il seed del server, il suo hash e il seed del client. L’HMAC-SHA256 dei due dà i numeri che scelgono i biglietti vincenti.',
          'Iga möödunud loos näitab serveriseemet, selle räsi ja kliendiseemet. Nende HMAC-SHA256 annab numbrid, mis valivad võidupiletid.',
        ],
      },
    ],
  },
]

/**
 * The lotteries' demo content (issue 24), each only when its slug is not there: this week's open
 * draw, next week's upcoming one and last week's, drawn here by the real draw; the lottery page's
 * blocks in every locale.
 */
export async function seedLotteries(tx: Tx, secretBox: SecretBox, now: Date): Promise<void> {
  const [gold] = await tx
    .select({ id: lootboxes.id })
    .from(lootboxes)
    .where(like(lootboxes.slug, '%gold%'))
    .orderBy(asc(lootboxes.id))
    .limit(1)
  const salesOpenAt = new Date(now.getTime() - DAY)
  const salesCloseAt = new Date(now.getTime() + 6 * DAY)
  await insertLottery(
    tx,
    secretBox,
    WEEKLY,
    { salesOpenAt, salesCloseAt, drawAt: new Date(salesCloseAt.getTime() + HOUR) },
    weeklyPrizes(gold?.id),
  )
  await insertLottery(
    tx,
    secretBox,
    NEXT_WEEK,
    {
      salesOpenAt: salesCloseAt,
      salesCloseAt: new Date(salesCloseAt.getTime() + 7 * DAY),
      drawAt: new Date(salesCloseAt.getTime() + 7 * DAY + HOUR),
    },
    weeklyPrizes(gold?.id),
  )
  await seedDrawnLottery(tx, secretBox, now)
  await seedPage(tx, 'lottery', LOTTERY_PAGE)
}
