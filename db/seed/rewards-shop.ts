import { and, eq, inArray } from 'drizzle-orm'
import type { Prize, ShopItemKind, ShopLimitPeriod } from '#common/rewards-rules.ts'
import type { Tx } from '#db/client.ts'
import { games } from '#server/modules/catalogue/catalogue.tables.ts'
import { COIN, postTransfer } from '#server/modules/ledger/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { lootboxes, shopItems } from '#server/modules/rewards/rewards.tables.ts'
import { DEMO_PLAYER } from './demo-accounts.ts'
import { inEveryLocale, pick, type Words } from './engagement-texts.ts'

/** The Demo Studio slot the free spins play (a seeded, playable catalogue game). */
export const SHOP_FREE_SPINS_GAME = 'starlight-spins'

/** Coins the demo player starts with, in hundredths: enough to try every band of the shop. */
export const DEMO_WELCOME_COINS_MINOR = 150_000n

interface SeedShopItem {
  slug: string
  kind: ShopItemKind
  /** Coin hundredths. */
  price: bigint
  stock?: number
  limit?: { count: number; period: ShopLimitPeriod }
  /** The prize; a lootbox by its kind's slug, free spins on `SHOP_FREE_SPINS_GAME`. */
  prize:
    | Exclude<Prize, { kind: 'lootbox' } | { kind: 'free_spins' }>
    | { kind: 'lootbox'; lootbox: string }
    | { kind: 'free_spins'; spins: number; stakeEurMinor: string }
  title: Words
  text: Words
  imageAlt: Words
}

// Prices cover every band of the shop's filters: up to 100, 500 and 1,000 coins, and over.
const ITEMS: readonly SeedShopItem[] = [
  {
    slug: 'bronze-lootbox',
    kind: 'lootbox',
    price: 10_000n,
    prize: { kind: 'lootbox', lootbox: 'bronze' },
    title: [
      'Bronze lootbox',
      'Bronzetruhe',
      'Lootbox de bronze',
      'Lootbox de bronze',
      'Bronse-lootboks',
      'Brązowa skrzynka',
      'Pronssinen aarrearkku',
      'صندوق الغنائم البرونزي',
      'Lootbox di bronzo',
      'Pronksist saagikast',
    ],
    text: [
      'A small box with a prize inside: coins, a wheel spin or a little bonus.',
      'Eine kleine Box mit einem Preis darin: Münzen, ein Glücksrad-Dreh oder ein kleiner Bonus.',
      'Une petite boîte avec un prix à l’intérieur : des pièces, un tour de roue ou un petit bonus.',
      'Uma pequena caixa com um prémio lá dentro: moedas, uma rodada da roda ou um pequeno bónus.',
      'En liten boks med en premie inni: mynter, et hjulspinn eller en liten bonus.',
      'Mała skrzynka z nagrodą w środku: monety, obrót kołem albo mały bonus.',
      'Pieni arkku, jonka sisällä on palkinto: kolikoita, onnenpyörän pyöräytys tai pieni bonus.',
      'صندوق صغير بداخله جائزة: عملات أو دورة على العجلة أو مكافأة صغيرة.',
      'Una piccola scatola con un premio dentro: monete, un giro di ruota o un piccolo bonus.',
      'Väike kast, mille sees on auhind: mündid, rattakeerutus või väike boonus.',
    ],
    imageAlt: [
      'A bronze treasure chest with a glowing lock',
      'Eine bronzene Schatztruhe mit leuchtendem Schloss',
      'Un coffre au trésor en bronze avec une serrure lumineuse',
      'Um baú de bronze com uma fechadura brilhante',
      'En bronsekiste med en glødende lås',
      'Brązowa skrzynia skarbów ze świecącym zamkiem',
      'Pronssinen aarrearkku, jonka lukko hehkuu',
      'صندوق كنز برونزي بقفل متوهج',
      'Uno scrigno di bronzo con una serratura luminosa',
      'Pronksist aardekirst helendava lukuga',
    ],
  },
  {
    slug: 'silver-lootbox',
    kind: 'lootbox',
    price: 30_000n,
    prize: { kind: 'lootbox', lootbox: 'silver' },
    title: [
      'Silver lootbox',
      'Silbertruhe',
      'Lootbox d’argent',
      'Lootbox de prata',
      'Sølv-lootboks',
      'Srebrna skrzynka',
      'Hopeinen aarrearkku',
      'صندوق الغنائم الفضي',
      'Lootbox d’argento',
      'Hõbedane saagikast',
    ],
    text: [
      'Better odds of bonus money and free spins than the bronze box.',
      'Bessere Chancen auf Bonusgeld und Freispiele als die Bronze-Box.',
      'De meilleures chances de bonus et de tours gratuits que la boîte de bronze.',
      'Melhores probabilidades de bónus e rodadas grátis do que a caixa de bronze.',
      'Bedre sjanser for bonuspenger og gratisspinn enn bronseboksen.',
      'Większe szanse na bonus i darmowe spiny niż w brązowej skrzynce.',
      'Paremmat mahdollisuudet bonusrahaan ja ilmaiskierroksiin kuin pronssiarkussa.',
      'فرص أفضل للفوز بأموال المكافأة واللفات المجانية من الصندوق البرونزي.',
      'Probabilità migliori di bonus e giri gratis rispetto alla scatola di bronzo.',
      'Paremad võimalused boonusraha ja tasuta keerutuste saamiseks kui pronkskastis.',
    ],
    imageAlt: [
      'A silver treasure chest with a blue gem',
      'Eine silberne Schatztruhe mit einem blauen Edelstein',
      'Un coffre au trésor en argent orné d’une gemme bleue',
      'Um baú de prata com uma pedra azul',
      'En sølvkiste med en blå edelsten',
      'Srebrna skrzynia skarbów z niebieskim klejnotem',
      'Hopeinen aarrearkku, jossa on sininen jalokivi',
      'صندوق كنز فضي بجوهرة زرقاء',
      'Uno scrigno d’argento con una gemma blu',
      'Hõbedane aardekirst sinise kalliskiviga',
    ],
  },
  {
    slug: 'gold-lootbox',
    kind: 'lootbox',
    price: 120_000n,
    stock: 100,
    prize: { kind: 'lootbox', lootbox: 'gold' },
    title: [
      'Gold lootbox',
      'Goldtruhe',
      'Lootbox d’or',
      'Lootbox de ouro',
      'Gull-lootboks',
      'Złota skrzynka',
      'Kultainen aarrearkku',
      'صندوق الغنائم الذهبي',
      'Lootbox d’oro',
      'Kuldne saagikast',
    ],
    text: [
      'The richest box, in a limited run of 100: the biggest prizes the shop offers.',
      'Die wertvollste Box, limitiert auf 100 Stück: die größten Preise im Shop.',
      'La boîte la plus riche, en série limitée à 100 : les plus gros prix de la boutique.',
      'A caixa mais rica, numa série limitada de 100: os maiores prémios da loja.',
      'Den rikeste boksen, i et begrenset opplag på 100: butikkens største premier.',
      'Najbogatsza skrzynka w limitowanej serii 100 sztuk: największe nagrody w sklepie.',
      'Arvokkain arkku, rajoitettu 100 kappaleen erä: kaupan suurimmat palkinnot.',
      'أغنى صندوق، بإصدار محدود من 100 قطعة: أكبر الجوائز في المتجر.',
      'La scatola più ricca, in serie limitata di 100: i premi più grandi del negozio.',
      'Kõige rikkalikum kast, piiratud koguses 100 tükki: poe suurimad auhinnad.',
    ],
    imageAlt: [
      'A golden treasure chest overflowing with light',
      'Eine goldene Schatztruhe, aus der Licht strömt',
      'Un coffre au trésor doré débordant de lumière',
      'Um baú dourado a transbordar de luz',
      'En gullkiste som flommer over av lys',
      'Złota skrzynia skarbów pełna światła',
      'Kultainen aarrearkku, josta tulvii valoa',
      'صندوق كنز ذهبي يفيض بالضوء',
      'Uno scrigno d’oro traboccante di luce',
      'Kuldne aardekirst, millest voolab valgust',
    ],
  },
  {
    slug: 'bonus-money-5',
    kind: 'bonus',
    price: 50_000n,
    limit: { count: 1, period: 'week' },
    prize: { kind: 'bonus', eurMinor: '500' },
    title: [
      '5 € bonus money',
      '5 € Bonusgeld',
      '5 € de bonus',
      '5 € de bónus',
      '5 € i bonuspenger',
      '5 € bonusu',
      '5 € bonusrahaa',
      'أموال مكافأة بقيمة 5 €',
      '5 € di bonus',
      '5 € boonusraha',
    ],
    text: [
      'Bonus money in your wallet’s currency, with the usual wagering. Once a week.',
      'Bonusgeld in der Währung Ihrer Geldbörse, mit den üblichen Umsatzbedingungen. Einmal pro Woche.',
      'Un bonus dans la devise de votre portefeuille, avec les conditions de mise habituelles. Une fois par semaine.',
      'Dinheiro de bónus na moeda da sua carteira, com os requisitos de apostas habituais. Uma vez por semana.',
      'Bonuspenger i lommebokens valuta, med vanlige omsetningskrav. Én gang i uken.',
      'Bonus w walucie Twojego portfela, ze zwykłymi wymogami obrotu. Raz w tygodniu.',
      'Bonusrahaa lompakkosi valuutassa tavallisin kierrätysehdoin. Kerran viikossa.',
      'أموال مكافأة بعملة محفظتك، بشروط الرهان المعتادة. مرة واحدة في الأسبوع.',
      'Bonus nella valuta del tuo portafoglio, con i normali requisiti di puntata. Una volta a settimana.',
      'Boonusraha teie rahakoti valuutas tavaliste panustamistingimustega. Kord nädalas.',
    ],
    imageAlt: [
      'A gold coin stamped with the number 5',
      'Eine Goldmünze mit der Zahl 5',
      'Une pièce d’or frappée du chiffre 5',
      'Uma moeda de ouro com o número 5',
      'En gullmynt preget med tallet 5',
      'Złota moneta z liczbą 5',
      'Kultakolikko, johon on lyöty numero 5',
      'عملة ذهبية مطبوع عليها الرقم 5',
      'Una moneta d’oro con il numero 5',
      'Kuldmünt, millele on vermitud number 5',
    ],
  },
  {
    slug: 'bonus-money-10',
    kind: 'bonus',
    price: 95_000n,
    limit: { count: 1, period: 'week' },
    prize: { kind: 'bonus', eurMinor: '1000' },
    title: [
      '10 € bonus money',
      '10 € Bonusgeld',
      '10 € de bonus',
      '10 € de bónus',
      '10 € i bonuspenger',
      '10 € bonusu',
      '10 € bonusrahaa',
      'أموال مكافأة بقيمة 10 €',
      '10 € di bonus',
      '10 € boonusraha',
    ],
    text: [
      'Twice the bonus money for a little less per euro, with the usual wagering. Once a week.',
      'Doppeltes Bonusgeld zu einem etwas besseren Preis pro Euro, mit den üblichen Umsatzbedingungen. Einmal pro Woche.',
      'Deux fois plus de bonus pour un peu moins par euro, avec les conditions de mise habituelles. Une fois par semaine.',
      'O dobro do bónus por um pouco menos por euro, com os requisitos de apostas habituais. Uma vez por semana.',
      'Dobbelt så mye bonus for litt mindre per euro, med vanlige omsetningskrav. Én gang i uken.',
      'Podwójny bonus za nieco mniej za każde euro, ze zwykłymi wymogami obrotu. Raz w tygodniu.',
      'Kaksinkertainen bonus hieman edullisemmin euroa kohden, tavallisin kierrätysehdoin. Kerran viikossa.',
      'ضعف أموال المكافأة بسعر أقل قليلًا لكل يورو، بشروط الرهان المعتادة. مرة واحدة في الأسبوع.',
      'Il doppio del bonus a un prezzo un po’ più basso per euro, con i normali requisiti di puntata. Una volta a settimana.',
      'Kahekordne boonusraha veidi soodsamalt euro kohta, tavaliste panustamistingimustega. Kord nädalas.',
    ],
    imageAlt: [
      'Two stacked gold coins stamped with the number 10',
      'Zwei gestapelte Goldmünzen mit der Zahl 10',
      'Deux pièces d’or empilées frappées du nombre 10',
      'Duas moedas de ouro empilhadas com o número 10',
      'To stablede gullmynter preget med tallet 10',
      'Dwie złote monety w stosie z liczbą 10',
      'Kaksi päällekkäistä kultakolikkoa, joihin on lyöty numero 10',
      'عملتان ذهبيتان مكدستان مطبوع عليهما الرقم 10',
      'Due monete d’oro impilate con il numero 10',
      'Kaks virnas kuldmünti, millele on vermitud number 10',
    ],
  },
  {
    slug: 'free-spins-10',
    kind: 'free_spins',
    price: 20_000n,
    prize: { kind: 'free_spins', spins: 10, stakeEurMinor: '20' },
    title: [
      '10 free spins',
      '10 Freispiele',
      '10 tours gratuits',
      '10 rodadas grátis',
      '10 gratisspinn',
      '10 darmowych spinów',
      '10 ilmaiskierrosta',
      '10 لفات مجانية',
      '10 giri gratis',
      '10 tasuta keerutust',
    ],
    text: [
      'Ten spins of 0.20 € on Starlight Spins. What they win is yours, with no wagering.',
      'Zehn Drehs zu je 0,20 € an Starlight Spins. Gewinne gehören Ihnen, ohne Umsatzbedingungen.',
      'Dix tours à 0,20 € sur Starlight Spins. Vos gains sont à vous, sans conditions de mise.',
      'Dez rodadas de 0,20 € no Starlight Spins. Os ganhos são seus, sem requisitos de apostas.',
      'Ti spinn à 0,20 € på Starlight Spins. Gevinstene er dine, uten omsetningskrav.',
      'Dziesięć spinów po 0,20 € w Starlight Spins. Wygrane są Twoje, bez wymogów obrotu.',
      'Kymmenen 0,20 €:n kierrosta Starlight Spins -pelissä. Voitot ovat sinun, ilman kierrätystä.',
      'عشر لفات بقيمة 0.20 € على لعبة Starlight Spins. أرباحها لك، بدون شروط رهان.',
      'Dieci giri da 0,20 € su Starlight Spins. Le vincite sono tue, senza requisiti di puntata.',
      'Kümme 0,20 € keerutust mängus Starlight Spins. Võidud on teie omad, ilma panustamistingimusteta.',
    ],
    imageAlt: [
      'Three slot reels showing golden stars',
      'Drei Walzen mit goldenen Sternen',
      'Trois rouleaux de machine à sous affichant des étoiles dorées',
      'Três rolos de slot com estrelas douradas',
      'Tre spilleautomathjul med gylne stjerner',
      'Trzy bębny automatu ze złotymi gwiazdami',
      'Kolme kolikkopelin rullaa, joissa on kultaisia tähtiä',
      'ثلاث بكرات سلوت تظهر عليها نجوم ذهبية',
      'Tre rulli di una slot con stelle dorate',
      'Kolm mänguautomaadi trumlit kuldsete tähtedega',
    ],
  },
  {
    slug: 'free-spins-25',
    kind: 'free_spins',
    price: 45_000n,
    prize: { kind: 'free_spins', spins: 25, stakeEurMinor: '20' },
    title: [
      '25 free spins',
      '25 Freispiele',
      '25 tours gratuits',
      '25 rodadas grátis',
      '25 gratisspinn',
      '25 darmowych spinów',
      '25 ilmaiskierrosta',
      '25 لفة مجانية',
      '25 giri gratis',
      '25 tasuta keerutust',
    ],
    text: [
      'Twenty-five spins of 0.20 € on Starlight Spins. What they win is yours, with no wagering.',
      'Fünfundzwanzig Drehs zu je 0,20 € an Starlight Spins. Gewinne gehören Ihnen, ohne Umsatzbedingungen.',
      'Vingt-cinq tours à 0,20 € sur Starlight Spins. Vos gains sont à vous, sans conditions de mise.',
      'Vinte e cinco rodadas de 0,20 € no Starlight Spins. Os ganhos são seus, sem requisitos de apostas.',
      'Tjuefem spinn à 0,20 € på Starlight Spins. Gevinstene er dine, uten omsetningskrav.',
      'Dwadzieścia pięć spinów po 0,20 € w Starlight Spins. Wygrane są Twoje, bez wymogów obrotu.',
      'Kaksikymmentäviisi 0,20 €:n kierrosta Starlight Spins -pelissä. Voitot ovat sinun, ilman kierrätystä.',
      'خمس وعشرون لفة بقيمة 0.20 € على لعبة Starlight Spins. أرباحها لك، بدون شروط رهان.',
      'Venticinque giri da 0,20 € su Starlight Spins. Le vincite sono tue, senza requisiti di puntata.',
      'Kakskümmend viis 0,20 € keerutust mängus Starlight Spins. Võidud on teie omad, ilma panustamistingimusteta.',
    ],
    imageAlt: [
      'Slot reels lined with sevens and a shooting star',
      'Walzen voller Siebenen und eine Sternschnuppe',
      'Des rouleaux alignant des sept et une étoile filante',
      'Rolos alinhados com setes e uma estrela cadente',
      'Hjul fulle av sjuere og et stjerneskudd',
      'Bębny z siódemkami i spadającą gwiazdą',
      'Seiskoja täynnä olevat rullat ja tähdenlento',
      'بكرات مصطفة بأرقام سبعة ونجمة ساقطة',
      'Rulli allineati con dei sette e una stella cadente',
      'Seitsmetega trumlid ja langev täht',
    ],
  },
  {
    slug: 'wheel-spin-1',
    kind: 'wheel_spin',
    price: 8_000n,
    prize: { kind: 'wheel_spin', spins: 1 },
    title: [
      '1 wheel spin',
      '1 Glücksrad-Dreh',
      '1 tour de roue',
      '1 rodada da roda',
      '1 hjulspinn',
      '1 obrót kołem',
      '1 onnenpyörän pyöräytys',
      'دورة واحدة على العجلة',
      '1 giro di ruota',
      '1 rattakeerutus',
    ],
    text: [
      'One spin of the prize wheel, ready on the wheel page.',
      'Ein Dreh am Glücksrad, bereit auf der Glücksrad-Seite.',
      'Un tour de la roue des prix, prêt sur la page de la roue.',
      'Uma rodada da roda de prémios, pronta na página da roda.',
      'Ett spinn på premiehjulet, klart på hjulsiden.',
      'Jeden obrót kołem nagród, gotowy na stronie koła.',
      'Yksi onnenpyörän pyöräytys, valmiina onnenpyörän sivulla.',
      'دورة واحدة على عجلة الجوائز، جاهزة في صفحة العجلة.',
      'Un giro della ruota dei premi, pronto nella pagina della ruota.',
      'Üks auhinnaratta keerutus, valmis ratta lehel.',
    ],
    imageAlt: [
      'A prize wheel with a golden pointer',
      'Ein Glücksrad mit goldenem Zeiger',
      'Une roue des prix avec un pointeur doré',
      'Uma roda de prémios com um ponteiro dourado',
      'Et premiehjul med en gyllen viser',
      'Koło nagród ze złotym wskaźnikiem',
      'Onnenpyörä, jossa on kultainen osoitin',
      'عجلة جوائز بمؤشر ذهبي',
      'Una ruota dei premi con un indicatore dorato',
      'Auhinnaratas kuldse osutiga',
    ],
  },
  {
    slug: 'wheel-spins-3',
    kind: 'wheel_spin',
    price: 22_000n,
    prize: { kind: 'wheel_spin', spins: 3 },
    title: [
      '3 wheel spins',
      '3 Glücksrad-Drehs',
      '3 tours de roue',
      '3 rodadas da roda',
      '3 hjulspinn',
      '3 obroty kołem',
      '3 onnenpyörän pyöräytystä',
      '3 دورات على العجلة',
      '3 giri di ruota',
      '3 rattakeerutust',
    ],
    text: [
      'Three spins of the prize wheel for the price of less than three.',
      'Drei Drehs am Glücksrad zum Preis von weniger als drei.',
      'Trois tours de la roue des prix pour moins que le prix de trois.',
      'Três rodadas da roda de prémios por menos do que o preço de três.',
      'Tre spinn på premiehjulet for mindre enn prisen av tre.',
      'Trzy obroty kołem nagród w cenie niższej niż trzy pojedyncze.',
      'Kolme onnenpyörän pyöräytystä halvemmalla kuin kolme erikseen.',
      'ثلاث دورات على عجلة الجوائز بسعر أقل من ثلاث دورات منفردة.',
      'Tre giri della ruota dei premi a meno del prezzo di tre.',
      'Kolm auhinnaratta keerutust odavamalt kui kolm eraldi.',
    ],
    imageAlt: [
      'A prize wheel in motion with three golden arrows',
      'Ein drehendes Glücksrad mit drei goldenen Pfeilen',
      'Une roue des prix en mouvement avec trois flèches dorées',
      'Uma roda de prémios em movimento com três setas douradas',
      'Et premiehjul i bevegelse med tre gylne piler',
      'Koło nagród w ruchu z trzema złotymi strzałkami',
      'Pyörivä onnenpyörä ja kolme kultaista nuolta',
      'عجلة جوائز تدور مع ثلاثة أسهم ذهبية',
      'Una ruota dei premi in movimento con tre frecce dorate',
      'Liikuv auhinnaratas kolme kuldse noolega',
    ],
  },
  {
    slug: 'lottery-ticket',
    kind: 'lottery_ticket',
    price: 5_000n,
    limit: { count: 20, period: 'week' },
    prize: { kind: 'lottery_ticket', tickets: 1 },
    title: [
      'Lottery ticket',
      'Lotterielos',
      'Billet de loterie',
      'Bilhete de lotaria',
      'Lotteriodd',
      'Los na loterię',
      'Arpa',
      'تذكرة يانصيب',
      'Biglietto della lotteria',
      'Loteriipilet',
    ],
    text: [
      'One ticket in the lottery whose sales are open. Up to 20 a week.',
      'Ein Los für die Lotterie, deren Verkauf gerade läuft. Bis zu 20 pro Woche.',
      'Un billet pour la loterie dont la vente est ouverte. Jusqu’à 20 par semaine.',
      'Um bilhete para a lotaria com vendas abertas. Até 20 por semana.',
      'Ett lodd i lotteriet som selger lodd nå. Opptil 20 i uken.',
      'Jeden los na loterię, której sprzedaż trwa. Do 20 tygodniowo.',
      'Yksi arpa arvontaan, jonka myynti on käynnissä. Enintään 20 viikossa.',
      'تذكرة واحدة في اليانصيب المفتوح للبيع. حتى 20 تذكرة في الأسبوع.',
      'Un biglietto per la lotteria con le vendite aperte. Fino a 20 a settimana.',
      'Üks pilet loteriisse, mille müük on avatud. Kuni 20 nädalas.',
    ],
    imageAlt: [
      'A golden ticket with a lucky star',
      'Ein goldenes Los mit einem Glücksstern',
      'Un billet doré avec une étoile porte-bonheur',
      'Um bilhete dourado com uma estrela da sorte',
      'Et gyllent lodd med en lykkestjerne',
      'Złoty los z gwiazdą szczęścia',
      'Kultainen arpa ja onnentähti',
      'تذكرة ذهبية بنجمة الحظ',
      'Un biglietto dorato con una stella portafortuna',
      'Kuldne pilet õnnetähega',
    ],
  },
]

/**
 * The shop's demo items in every locale, and the demo player's welcome coins. Lootbox items name
 * the lootboxes seeded before (by slug) and free spins a seeded Demo Studio slot; an item whose
 * lootbox or game is missing is left out. Only what is not there is added.
 */
export async function seedShop(tx: Tx, now: Date): Promise<void> {
  const boxes = await tx
    .select({ id: lootboxes.id, slug: lootboxes.slug })
    .from(lootboxes)
    .where(inArray(lootboxes.slug, ['bronze', 'silver', 'gold']))
  const [slot] = await tx
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.slug, SHOP_FREE_SPINS_GAME), eq(games.providerId, 'demo-studio')))
  const rows = ITEMS.flatMap((item, index) => {
    let prize: Prize
    if (item.prize.kind === 'lootbox') {
      const slug = item.prize.lootbox
      const box = boxes.find((entry) => entry.slug === slug)
      if (!box) return []
      prize = { kind: 'lootbox', lootboxId: box.id }
    } else if (item.prize.kind === 'free_spins') {
      if (!slot) return []
      prize = { ...item.prize, gameId: slot.id }
    } else {
      prize = item.prize
    }
    return [
      {
        slug: item.slug,
        kind: item.kind,
        prize,
        priceCoinsMinor: item.price,
        stock: item.stock ?? null,
        perPlayerLimit: item.limit?.count ?? null,
        limitPeriod: item.limit?.period ?? 'ever',
        texts: inEveryLocale((language) => ({
          title: pick(item.title, language),
          text: pick(item.text, language),
          imageAlt: pick(item.imageAlt, language),
        })),
        imageUrl: `/shop/${item.slug}.svg`,
        sort: (index + 1) * 10,
        updatedAt: now,
      },
    ]
  })
  if (rows.length > 0) await tx.insert(shopItems).values(rows).onConflictDoNothing()

  const [demo] = await tx
    .select({ id: players.id })
    .from(players)
    .where(eq(players.email, DEMO_PLAYER.email))
  if (demo) {
    await postTransfer(tx, {
      idempotencyKey: 'coins:seed:demo-welcome',
      code: 'coins_award',
      debit: { system: 'rewards_expense', currency: COIN, shardKey: demo.id },
      credit: { playerId: demo.id, kind: 'cash', currency: COIN },
      amountMinor: DEMO_WELCOME_COINS_MINOR,
      reference: 'seed:demo-welcome',
    })
  }
}
