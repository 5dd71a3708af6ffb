import { LOCALES, type LocalePrefix } from '#common/locales.ts'

/**
 * The words of the seeded quest and achievement programme in the site's ten languages; the 16
 * locales map onto them (`de_at` reads German, `fr-ca` French, the English variants English,
 * `ar-en` Arabic, `ee` Estonian, `no` Norwegian Bokmål). Task titles are built from the task
 * itself, so a figure in a title is always the figure the trigger counts.
 */
export const LANGUAGES = ['en', 'de', 'fr', 'pt', 'nb', 'pl', 'fi', 'ar', 'it', 'et'] as const
export type Language = (typeof LANGUAGES)[number]

export const LANGUAGE_OF: Record<LocalePrefix, Language> = {
  en: 'en',
  de: 'de',
  fr: 'fr',
  de_at: 'de',
  au: 'en',
  nz: 'en',
  'fr-ca': 'fr',
  ca: 'en',
  pt: 'pt',
  no: 'nb',
  pl: 'pl',
  fi: 'fi',
  'en-ar': 'en',
  'ar-en': 'ar',
  it: 'it',
  ee: 'et',
}

const TAG: Record<Language, string> = {
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  pt: 'pt-PT',
  nb: 'nb-NO',
  pl: 'pl-PL',
  fi: 'fi-FI',
  ar: 'ar',
  it: 'it-IT',
  et: 'et-EE',
}

/** One string per language: [en, de, fr, pt, nb, pl, fi, ar, it, et]. */
export type Words = readonly [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
]
export const pick = (words: Words, language: Language): string =>
  words[LANGUAGES.indexOf(language)] ?? words[0]

/** One value per locale, built from each locale's language. */
export function inEveryLocale<T>(build: (language: Language) => T): Record<LocalePrefix, T> {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale.prefix, build(LANGUAGE_OF[locale.prefix])]),
  ) as Record<LocalePrefix, T>
}

/** What a bet task counts on: a game id, a catalogue category, a selection, or any game. */
export type Target =
  | 'dice'
  | 'mines'
  | 'roulette'
  | 'slots'
  | 'crash'
  | 'live_roulette'
  | 'cat:slots'
  | 'cat:originals'
  | 'cat:live-casino'
  | 'cat:table-games'
  | 'originals-set'
  | 'any'

/** "on Dice" in each language (the preposition a bet takes there). */
const ON: Record<Target, Words> = {
  dice: [
    'on Dice',
    'bei Dice',
    'au Dice',
    'no Dice',
    'på Dice',
    'w Dice',
    'pelissä Dice',
    'في لعبة النرد',
    'a Dice',
    'mängus Dice',
  ],
  mines: [
    'in Mines',
    'bei Mines',
    'à Mines',
    'no Mines',
    'på Mines',
    'w Mines',
    'pelissä Mines',
    'في لعبة الألغام',
    'a Mines',
    'mängus Mines',
  ],
  roulette: [
    'on European Roulette',
    'beim Europäischen Roulette',
    'à la roulette européenne',
    'na Roleta Europeia',
    'på europeisk rulett',
    'w ruletce europejskiej',
    'eurooppalaisessa ruletissa',
    'في الروليت الأوروبية',
    'alla roulette europea',
    'Euroopa ruletis',
  ],
  slots: [
    'on Aurum Slots',
    'bei Aurum Slots',
    'à Aurum Slots',
    'no Aurum Slots',
    'på Aurum Slots',
    'w Aurum Slots',
    'pelissä Aurum Slots',
    'في لعبة Aurum Slots',
    'a Aurum Slots',
    'mängus Aurum Slots',
  ],
  crash: [
    'on Crash',
    'bei Crash',
    'à Crash',
    'no Crash',
    'på Crash',
    'w Crash',
    'pelissä Crash',
    'في لعبة Crash',
    'a Crash',
    'mängus Crash',
  ],
  live_roulette: [
    'on Live Roulette',
    'beim Live-Roulette',
    'à la roulette en direct',
    'na Roleta ao Vivo',
    'på live-rulett',
    'w ruletce na żywo',
    'live-ruletissa',
    'في الروليت المباشرة',
    'alla roulette dal vivo',
    'live-ruletis',
  ],
  'cat:slots': [
    'on slots',
    'an Spielautomaten',
    'aux machines à sous',
    'nas slots',
    'på spilleautomater',
    'na automatach',
    'kolikkopeleissä',
    'في ألعاب السلوت',
    'alle slot',
    'slotimängudes',
  ],
  'cat:originals': [
    'on Aurum Originals',
    'bei den Aurum Originals',
    'aux Aurum Originals',
    'nos Aurum Originals',
    'på Aurum Originals',
    'w grach Aurum Originals',
    'Aurum Originals -peleissä',
    'في ألعاب Aurum Originals',
    'agli Aurum Originals',
    'Aurum Originalsi mängudes',
  ],
  'cat:live-casino': [
    'in the live casino',
    'im Live-Casino',
    'au casino en direct',
    'no casino ao vivo',
    'i live-kasinoet',
    'w kasynie na żywo',
    'live-kasinossa',
    'في الكازينو المباشر',
    'al casinò dal vivo',
    'live-kasiinos',
  ],
  'cat:table-games': [
    'on table games',
    'an Tischspielen',
    'aux jeux de table',
    'em jogos de mesa',
    'på bordspill',
    'w grach stołowych',
    'pöytäpeleissä',
    'في ألعاب الطاولة',
    'ai giochi da tavolo',
    'lauamängudes',
  ],
  'originals-set': [
    'on Dice, Mines, Roulette or Aurum Slots',
    'bei Dice, Mines, Roulette oder Aurum Slots',
    'à Dice, Mines, la roulette ou Aurum Slots',
    'no Dice, Mines, Roleta ou Aurum Slots',
    'på Dice, Mines, rulett eller Aurum Slots',
    'w Dice, Mines, ruletce lub Aurum Slots',
    'peleissä Dice, Mines, ruletti tai Aurum Slots',
    'في Dice أو Mines أو الروليت أو Aurum Slots',
    'a Dice, Mines, roulette o Aurum Slots',
    'mängudes Dice, Mines, rulett või Aurum Slots',
  ],
  any: [
    'on any game',
    'in beliebigen Spielen',
    'à n’importe quel jeu',
    'em qualquer jogo',
    'på hvilket som helst spill',
    'w dowolnej grze',
    'missä tahansa pelissä',
    'في أي لعبة',
    'su qualsiasi gioco',
    'mis tahes mängus',
  ],
}

/** What a task asks for; the seed builds its trigger from the same object. */
export type Task =
  | { kind: 'bets'; target: Target; n: number; minStakeEur?: number }
  | { kind: 'wager'; target: Target; eur: number }
  | { kind: 'deposits'; n: number }
  | { kind: 'deposited'; eur: number }
  | { kind: 'logins'; n: number }
  | { kind: 'kyc' }
  | { kind: 'level'; n: number }

const num = (value: number, language: Language) =>
  new Intl.NumberFormat(TAG[language]).format(value)
const eur = (value: number, language: Language) =>
  new Intl.NumberFormat(TAG[language], {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: value % 1 === 0 ? 0 : 2,
    minimumFractionDigits: value % 1 === 0 ? 0 : 2,
  }).format(value)

/** A quest task in the imperative ("Place 10 bets on Dice"). */
export function taskTitle(task: Task, language: Language): string {
  const l = language
  switch (task.kind) {
    case 'bets': {
      const on = pick(ON[task.target], l)
      const n = num(task.n, l)
      const min = task.minStakeEur ? eur(task.minStakeEur, l) : undefined
      const base: Words = [
        `Place ${n} bet${task.n === 1 ? '' : 's'} ${on}`,
        `Platzieren Sie ${task.n === 1 ? 'einen Einsatz' : `${n} Einsätze`} ${on}`,
        `Placez ${n} mise${task.n === 1 ? '' : 's'} ${on}`,
        `Faça ${n} aposta${task.n === 1 ? '' : 's'} ${on}`,
        `Plasser ${n} innsats${task.n === 1 ? '' : 'er'} ${on}`,
        `Postaw zakłady ${on}: ${n}`,
        `Tee ${n} panos${task.n === 1 ? '' : 'ta'} ${on}`,
        `ضع ${n} رهانات ${on}`,
        `Piazza ${n} puntat${task.n === 1 ? 'a' : 'e'} ${on}`,
        `Tehke ${n} panus${task.n === 1 ? '' : 't'} ${on}`,
      ]
      const withMin: Words = [
        `${base[0]} of at least ${min}`,
        `Platzieren Sie ${task.n === 1 ? 'einen Einsatz' : `${n} Einsätze`} von mindestens ${min} ${on}`,
        `${base[2]} d’au moins ${min}`,
        `${base[3]} de pelo menos ${min}`,
        `${base[4]} på minst ${min}`,
        `${base[5]} (minimum ${min})`,
        `${base[6]} (vähintään ${min})`,
        `${base[7]} بقيمة ${min} على الأقل`,
        `${base[8]} da almeno ${min}`,
        `${base[9]} (vähemalt ${min})`,
      ]
      return pick(min ? withMin : base, l)
    }
    case 'wager': {
      const on = pick(ON[task.target], l)
      const amount = eur(task.eur, l)
      return pick(
        [
          `Wager ${amount} ${on}`,
          `Setzen Sie ${amount} ${on}`,
          `Misez ${amount} ${on}`,
          `Aposte ${amount} ${on}`,
          `Sats ${amount} ${on}`,
          `Postaw łącznie ${amount} ${on}`,
          `Pelaa ${amount} edestä ${on}`,
          `راهن بمبلغ ${amount} ${on}`,
          `Punta ${amount} ${on}`,
          `Panustage ${amount} ${on}`,
        ],
        l,
      )
    }
    case 'deposits': {
      const n = num(task.n, l)
      return pick(
        task.n === 1
          ? [
              'Make a deposit',
              'Tätigen Sie eine Einzahlung',
              'Effectuez un dépôt',
              'Faça um depósito',
              'Gjør et innskudd',
              'Wpłać depozyt',
              'Tee talletus',
              'قم بإيداع',
              'Effettua un deposito',
              'Tehke sissemakse',
            ]
          : [
              `Make ${n} deposits`,
              `Tätigen Sie ${n} Einzahlungen`,
              `Effectuez ${n} dépôts`,
              `Faça ${n} depósitos`,
              `Gjør ${n} innskudd`,
              `Wpłać depozyty: ${n}`,
              `Tee ${n} talletusta`,
              `قم بـ ${n} إيداعات`,
              `Effettua ${n} depositi`,
              `Tehke ${n} sissemakset`,
            ],
        l,
      )
    }
    case 'deposited': {
      const amount = eur(task.eur, l)
      return pick(
        [
          `Deposit ${amount} in total`,
          `Zahlen Sie insgesamt ${amount} ein`,
          `Déposez ${amount} au total`,
          `Deposite ${amount} no total`,
          `Sett inn ${amount} totalt`,
          `Wpłać łącznie ${amount}`,
          `Talleta yhteensä ${amount}`,
          `أودع ما مجموعه ${amount}`,
          `Deposita ${amount} in totale`,
          `Tehke sissemakseid kokku ${amount}`,
        ],
        l,
      )
    }
    case 'logins': {
      const n = num(task.n, l)
      return pick(
        task.n === 1
          ? [
              'Sign in today',
              'Melden Sie sich heute an',
              'Connectez-vous aujourd’hui',
              'Inicie sessão hoje',
              'Logg inn i dag',
              'Zaloguj się dzisiaj',
              'Kirjaudu sisään tänään',
              'سجّل الدخول اليوم',
              'Accedi oggi',
              'Logige täna sisse',
            ]
          : [
              `Sign in on ${n} different days`,
              `Melden Sie sich an ${n} verschiedenen Tagen an`,
              `Connectez-vous ${n} jours différents`,
              `Inicie sessão em ${n} dias diferentes`,
              `Logg inn på ${n} forskjellige dager`,
              `Zaloguj się w różne dni: ${n}`,
              `Kirjaudu sisään ${n} eri päivänä`,
              `سجّل الدخول في ${n} أيام مختلفة`,
              `Accedi in ${n} giorni diversi`,
              `Logige sisse ${n} erineval päeval`,
            ],
        l,
      )
    }
    case 'kyc':
      return pick(
        [
          'Get your identity verified',
          'Lassen Sie Ihre Identität bestätigen',
          'Faites vérifier votre identité',
          'Verifique a sua identidade',
          'Få identiteten din bekreftet',
          'Zweryfikuj swoją tożsamość',
          'Vahvista henkilöllisyytesi',
          'وثّق هويتك',
          'Fai verificare la tua identità',
          'Laske oma isik tuvastada',
        ],
        l,
      )
    case 'level': {
      const n = num(task.n, l)
      return pick(
        [
          `Reach loyalty level ${n}`,
          `Erreichen Sie Treuestufe ${n}`,
          `Atteignez le niveau de fidélité ${n}`,
          `Alcance o nível de fidelidade ${n}`,
          `Nå lojalitetsnivå ${n}`,
          `Osiągnij poziom lojalności ${n}`,
          `Saavuta kanta-asiakastaso ${n}`,
          `اوصل إلى مستوى الولاء ${n}`,
          `Raggiungi il livello fedeltà ${n}`,
          `Jõudke lojaalsustasemele ${n}`,
        ],
        l,
      )
    }
  }
}

export const TIERS: readonly Words[] = [
  [
    'Bronze',
    'Bronze',
    'Bronze',
    'Bronze',
    'Bronse',
    'Brąz',
    'Pronssi',
    'برونزي',
    'Bronzo',
    'Pronks',
  ],
  ['Silver', 'Silber', 'Argent', 'Prata', 'Sølv', 'Srebro', 'Hopea', 'فضي', 'Argento', 'Hõbe'],
  ['Gold', 'Gold', 'Or', 'Ouro', 'Gull', 'Złoto', 'Kulta', 'ذهبي', 'Oro', 'Kuld'],
]

/** An achievement tier's title: "Silver: Place 100 bets on Dice". */
export const tierTitle = (tier: number, task: Task, language: Language, tierCount: number) =>
  tierCount === 1
    ? taskTitle(task, language)
    : `${pick(TIERS[tier] ?? TIERS[0] ?? ['', '', '', '', '', '', '', '', '', ''], language)}: ${taskTitle(task, language)}`

/** The sentence under a quest's tasks that says when it resets or ends. */
export const REPEAT_NOTE: Record<'daily' | 'weekly' | 'month', Words> = {
  daily: [
    'A new round starts every day at midnight UTC.',
    'Jeden Tag um Mitternacht (UTC) beginnt eine neue Runde.',
    'Une nouvelle manche commence chaque jour à minuit UTC.',
    'Uma nova ronda começa diariamente à meia-noite UTC.',
    'En ny runde starter hver dag ved midnatt UTC.',
    'Nowa runda zaczyna się codziennie o północy UTC.',
    'Uusi kierros alkaa joka päivä keskiyöllä UTC-aikaa.',
    'تبدأ جولة جديدة كل يوم عند منتصف الليل بتوقيت UTC.',
    'Un nuovo turno inizia ogni giorno a mezzanotte UTC.',
    'Uus voor algab iga päev keskööl UTC järgi.',
  ],
  weekly: [
    'A new round starts every Monday at midnight UTC.',
    'Jeden Montag um Mitternacht (UTC) beginnt eine neue Runde.',
    'Une nouvelle manche commence chaque lundi à minuit UTC.',
    'Uma nova ronda começa todas as segundas-feiras à meia-noite UTC.',
    'En ny runde starter hver mandag ved midnatt UTC.',
    'Nowa runda zaczyna się w każdy poniedziałek o północy UTC.',
    'Uusi kierros alkaa joka maanantai keskiyöllä UTC-aikaa.',
    'تبدأ جولة جديدة كل يوم اثنين عند منتصف الليل بتوقيت UTC.',
    'Un nuovo turno inizia ogni lunedì a mezzanotte UTC.',
    'Uus voor algab igal esmaspäeval keskööl UTC järgi.',
  ],
  month: [
    'Runs until the end of this month; each task pays once.',
    'Läuft bis zum Monatsende; jede Aufgabe wird einmal belohnt.',
    'Disponible jusqu’à la fin du mois ; chaque tâche est récompensée une fois.',
    'Decorre até ao fim deste mês; cada tarefa é paga uma vez.',
    'Varer til slutten av måneden; hver oppgave gir belønning én gang.',
    'Trwa do końca miesiąca; każde zadanie jest nagradzane raz.',
    'Kestää kuun loppuun; jokaisesta tehtävästä palkitaan kerran.',
    'تستمر حتى نهاية هذا الشهر؛ وتُكافأ كل مهمة مرة واحدة.',
    'Dura fino alla fine del mese; ogni compito viene premiato una volta.',
    'Kestab kuu lõpuni; iga ülesande eest makstakse üks kord.',
  ],
}

export const COINS_NOTE: Words = [
  'Finish a task to collect its coins at once.',
  'Schließen Sie eine Aufgabe ab, und die Münzen gehören sofort Ihnen.',
  'Terminez une tâche pour recevoir ses pièces aussitôt.',
  'Conclua uma tarefa para receber as suas moedas de imediato.',
  'Fullfør en oppgave, så får du myntene med en gang.',
  'Ukończ zadanie, a monety trafią do Ciebie od razu.',
  'Suorita tehtävä, niin saat sen kolikot heti.',
  'أكمل مهمة لتحصل على عملاتها فورًا.',
  'Completa un compito per ricevere subito le sue monete.',
  'Täitke ülesanne ja mündid on kohe teie omad.',
]

export const TIERS_NOTE: Words = [
  'Each tier pays its coins once, and your VIP tier multiplies them.',
  'Jede Stufe zahlt ihre Münzen einmal aus, und Ihre VIP-Stufe vervielfacht sie.',
  'Chaque palier paie ses pièces une fois, et votre niveau VIP les multiplie.',
  'Cada patamar paga as suas moedas uma vez, e o seu nível VIP multiplica-as.',
  'Hvert trinn gir myntene sine én gang, og VIP-nivået ditt ganger dem opp.',
  'Każdy próg wypłaca monety raz, a Twój poziom VIP je mnoży.',
  'Jokainen porras maksaa kolikkonsa kerran, ja VIP-tasosi kertoo ne.',
  'تدفع كل مرتبة عملاتها مرة واحدة، ويضاعفها مستوى VIP الخاص بك.',
  'Ogni livello paga le sue monete una volta e il tuo livello VIP le moltiplica.',
  'Iga aste maksab oma mündid üks kord ja teie VIP-tase korrutab need.',
]

/** The alt text of an item's art. */
export const artAlt = (title: string, language: Language) =>
  pick(
    [
      `Gold emblem of “${title}” on a dark background`,
      `Goldenes Emblem „${title}“ auf dunklem Grund`,
      `Emblème doré « ${title} » sur fond sombre`,
      `Emblema dourado «${title}» sobre fundo escuro`,
      `Gullemblem «${title}» på mørk bakgrunn`,
      `Złoty emblemat „${title}” na ciemnym tle`,
      `Kultainen tunnus ”${title}” tummalla pohjalla`,
      `شعار ذهبي «${title}» على خلفية داكنة`,
      `Emblema dorato «${title}» su sfondo scuro`,
      `Kuldne embleem „${title}“ tumedal taustal`,
    ],
    language,
  )

/** Category titles. */
export const CATEGORY_TITLES: Record<string, Words> = {
  daily: [
    'Daily',
    'Täglich',
    'Quotidiennes',
    'Diárias',
    'Daglige',
    'Codzienne',
    'Päivittäiset',
    'يومية',
    'Giornaliere',
    'Igapäevased',
  ],
  weekly: [
    'Weekly',
    'Wöchentlich',
    'Hebdomadaires',
    'Semanais',
    'Ukentlige',
    'Tygodniowe',
    'Viikoittaiset',
    'أسبوعية',
    'Settimanali',
    'Iganädalased',
  ],
  originals: [
    'Originals',
    'Originals',
    'Originals',
    'Originals',
    'Originals',
    'Originals',
    'Originals',
    'الألعاب الأصلية',
    'Originals',
    'Originalsid',
  ],
  live: [
    'Live',
    'Live',
    'En direct',
    'Ao vivo',
    'Live',
    'Na żywo',
    'Live',
    'مباشر',
    'Dal vivo',
    'Live',
  ],
  'first-steps': [
    'First steps',
    'Erste Schritte',
    'Premiers pas',
    'Primeiros passos',
    'Første steg',
    'Pierwsze kroki',
    'Ensiaskeleet',
    'الخطوات الأولى',
    'Primi passi',
    'Esimesed sammud',
  ],
  'achievements-originals': [
    'Originals',
    'Originals',
    'Originals',
    'Originals',
    'Originals',
    'Originals',
    'Originals',
    'الألعاب الأصلية',
    'Originals',
    'Originalsid',
  ],
  'achievements-slots': [
    'Slots',
    'Spielautomaten',
    'Machines à sous',
    'Slots',
    'Spilleautomater',
    'Automaty',
    'Kolikkopelit',
    'السلوت',
    'Slot',
    'Slotid',
  ],
  'achievements-live': [
    'Live casino',
    'Live-Casino',
    'Casino en direct',
    'Casino ao vivo',
    'Live-kasino',
    'Kasyno na żywo',
    'Live-kasino',
    'الكازينو المباشر',
    'Casinò dal vivo',
    'Live-kasiino',
  ],
  loyalty: [
    'Loyalty',
    'Treue',
    'Fidélité',
    'Fidelidade',
    'Lojalitet',
    'Lojalność',
    'Uskollisuus',
    'الولاء',
    'Fedeltà',
    'Lojaalsus',
  ],
}

/** Quest and achievement titles by slug. */
export const ITEM_TITLES: Record<string, Words> = {
  // Quests
  'dice-warm-up': [
    'Dice warm-up',
    'Würfel-Aufwärmrunde',
    'Échauffement aux dés',
    'Aquecimento nos dados',
    'Terningoppvarming',
    'Rozgrzewka z kośćmi',
    'Noppalämmittely',
    'إحماء النرد',
    'Riscaldamento ai dadi',
    'Täringusoojendus',
  ],
  'daily-check-in': [
    'Daily check-in',
    'Täglicher Besuch',
    'Passage du jour',
    'Visita diária',
    'Daglig innsjekk',
    'Codzienna wizyta',
    'Päivän käynti',
    'زيارة اليوم',
    'Visita quotidiana',
    'Päevane külastus',
  ],
  'mines-daily-sweep': [
    'Daily minesweep',
    'Tägliche Minensuche',
    'Déminage du jour',
    'Caça-minas diário',
    'Daglig minesveiping',
    'Codzienne rozbrajanie',
    'Päivän miinanraivaus',
    'كاسحة الألغام اليومية',
    'Sminamento quotidiano',
    'Päeva miinijaht',
  ],
  'daily-spins': [
    'Daily spins',
    'Tägliche Drehs',
    'Tours du jour',
    'Rodadas diárias',
    'Daglige spinn',
    'Codzienne zakręty',
    'Päivän pyöräytykset',
    'دورات اليوم',
    'Giri quotidiani',
    'Päeva keerutused',
  ],
  'weekly-wager': [
    'Weekly high roller',
    'Wöchentlicher Großeinsatz',
    'Gros joueur de la semaine',
    'Grande apostador da semana',
    'Ukens storspiller',
    'Tygodniowy gracz',
    'Viikon isopelaaja',
    'كبير المراهنين الأسبوعي',
    'Grande giocatore della settimana',
    'Nädala suurmängija',
  ],
  'weekly-roulette': [
    'Roulette week',
    'Roulette-Woche',
    'Semaine de la roulette',
    'Semana da roleta',
    'Rulettuke',
    'Tydzień ruletki',
    'Rulettiviikko',
    'أسبوع الروليت',
    'Settimana della roulette',
    'Ruletinädal',
  ],
  'weekly-top-up': [
    'Weekly top-up',
    'Wöchentliche Aufladung',
    'Recharge de la semaine',
    'Carregamento semanal',
    'Ukens påfyll',
    'Tygodniowe doładowanie',
    'Viikon täydennys',
    'الشحن الأسبوعي',
    'Ricarica settimanale',
    'Nädala täiendus',
  ],
  'studio-slots-explorer': [
    'Slots explorer',
    'Automaten-Entdecker',
    'Explorateur de machines à sous',
    'Explorador de slots',
    'Automatutforsker',
    'Odkrywca automatów',
    'Kolikkopelien tutkija',
    'مستكشف السلوت',
    'Esploratore di slot',
    'Slotiavastaja',
  ],
  'originals-tour': [
    'Originals tour',
    'Originals-Rundreise',
    'Tour des Originals',
    'Volta aos Originals',
    'Originals-runden',
    'Wycieczka po Originals',
    'Originals-kierros',
    'جولة الألعاب الأصلية',
    'Giro degli Originals',
    'Originalside ringreis',
  ],
  'dice-high-roller': [
    'Dice high roller',
    'Würfel-Großspieler',
    'Gros joueur aux dés',
    'Grande apostador nos dados',
    'Terning-storspiller',
    'Kościany gracz',
    'Noppien isopelaaja',
    'كبير مراهني النرد',
    'Grande giocatore ai dadi',
    'Täringu suurmängija',
  ],
  'aurum-slots-marathon': [
    'Aurum Slots marathon',
    'Aurum-Slots-Marathon',
    'Marathon Aurum Slots',
    'Maratona Aurum Slots',
    'Aurum Slots-maraton',
    'Maraton Aurum Slots',
    'Aurum Slots -maraton',
    'ماراثون Aurum Slots',
    'Maratona Aurum Slots',
    'Aurum Slotsi maraton',
  ],
  'crash-pilot': [
    'Crash pilot',
    'Crash-Pilot',
    'Pilote de Crash',
    'Piloto do Crash',
    'Crash-pilot',
    'Pilot Crash',
    'Crash-lentäjä',
    'طيار Crash',
    'Pilota di Crash',
    'Crashi piloot',
  ],
  'live-roulette-regular': [
    'Live Roulette regular',
    'Stammgast am Live-Roulette',
    'Habitué de la roulette en direct',
    'Habitual da Roleta ao Vivo',
    'Stamgjest på live-rulett',
    'Bywalec ruletki na żywo',
    'Live-ruletin kanta-asiakas',
    'زائر دائم للروليت المباشرة',
    'Habitué della roulette dal vivo',
    'Live-ruleti püsikülaline',
  ],
  'live-wager': [
    'Live casino night',
    'Live-Casino-Abend',
    'Soirée au casino en direct',
    'Noite de casino ao vivo',
    'Live-kasinokveld',
    'Wieczór w kasynie na żywo',
    'Live-kasinoilta',
    'ليلة الكازينو المباشر',
    'Serata al casinò dal vivo',
    'Live-kasiino õhtu',
  ],
  // Achievements
  'first-deposit': [
    'First deposit',
    'Erste Einzahlung',
    'Premier dépôt',
    'Primeiro depósito',
    'Første innskudd',
    'Pierwszy depozyt',
    'Ensimmäinen talletus',
    'الإيداع الأول',
    'Primo deposito',
    'Esimene sissemakse',
  ],
  'verified-player': [
    'Verified player',
    'Bestätigter Spieler',
    'Joueur vérifié',
    'Jogador verificado',
    'Bekreftet spiller',
    'Zweryfikowany gracz',
    'Vahvistettu pelaaja',
    'لاعب موثّق',
    'Giocatore verificato',
    'Tuvastatud mängija',
  ],
  'regular-depositor': [
    'Regular depositor',
    'Treuer Einzahler',
    'Déposant régulier',
    'Depositante regular',
    'Fast innskyter',
    'Regularny wpłacający',
    'Säännöllinen tallettaja',
    'مودِع منتظم',
    'Depositante abituale',
    'Püsiv sissemaksja',
  ],
  'first-bets': [
    'Getting started',
    'Der Anfang',
    'Premiers paris',
    'Primeiras apostas',
    'I gang',
    'Na start',
    'Alkuun pääsy',
    'البداية',
    'Si comincia',
    'Algus',
  ],
  'total-wager': [
    'Big spender',
    'Großer Einsatz',
    'Grand parieur',
    'Grande apostador',
    'Storspiller',
    'Hojny gracz',
    'Suurpelaaja',
    'المراهن الكبير',
    'Grande scommettitore',
    'Suur panustaja',
  ],
  'dice-roller': [
    'Dice roller',
    'Würfelkünstler',
    'Lanceur de dés',
    'Lançador de dados',
    'Terningkaster',
    'Rzucający kośćmi',
    'Nopanheittäjä',
    'رامي النرد',
    'Lanciatore di dadi',
    'Täringuveeretaja',
  ],
  'dice-wager': [
    'Dice stakes',
    'Würfeleinsätze',
    'Mises aux dés',
    'Apostas nos dados',
    'Terninginnsatser',
    'Stawki w kościach',
    'Noppapanokset',
    'رهانات النرد',
    'Puntate ai dadi',
    'Täringupanused',
  ],
  'mines-sweeper': [
    'Mine sweeper',
    'Minenräumer',
    'Démineur',
    'Caça-minas',
    'Minesveiper',
    'Saper',
    'Miinanraivaaja',
    'كاسحة الألغام',
    'Sminatore',
    'Miinijahtija',
  ],
  'roulette-fan': [
    'Roulette fan',
    'Roulette-Fan',
    'Fan de roulette',
    'Fã de roleta',
    'Rulettfan',
    'Fan ruletki',
    'Rulettifani',
    'عاشق الروليت',
    'Fan della roulette',
    'Ruletifänn',
  ],
  'originals-wager': [
    'Originals devotee',
    'Originals-Liebhaber',
    'Passionné des Originals',
    'Devoto dos Originals',
    'Originals-entusiast',
    'Miłośnik Originals',
    'Originals-harrastaja',
    'محب الألعاب الأصلية',
    'Appassionato degli Originals',
    'Originalside austaja',
  ],
  'originals-explorer': [
    'Originals explorer',
    'Originals-Entdecker',
    'Explorateur des Originals',
    'Explorador dos Originals',
    'Originals-utforsker',
    'Odkrywca Originals',
    'Originals-tutkija',
    'مستكشف الألعاب الأصلية',
    'Esploratore degli Originals',
    'Originalside avastaja',
  ],
  'aurum-slots-spinner': [
    'Aurum Slots spinner',
    'Aurum-Slots-Dreher',
    'Rouleaux Aurum Slots',
    'Rodadas Aurum Slots',
    'Aurum Slots-spinner',
    'Zakręty w Aurum Slots',
    'Aurum Slots -pyörittäjä',
    'دوّار Aurum Slots',
    'Giri su Aurum Slots',
    'Aurum Slotsi keerutaja',
  ],
  'slot-spinner': [
    'Reel master',
    'Walzenmeister',
    'Maître des rouleaux',
    'Mestre dos rolos',
    'Hjulmester',
    'Mistrz bębnów',
    'Kiekkojen mestari',
    'سيد البكرات',
    'Maestro dei rulli',
    'Rullide meister',
  ],
  'slots-wager': [
    'Slots high roller',
    'Automaten-Großspieler',
    'Gros joueur des machines à sous',
    'Grande apostador de slots',
    'Automat-storspiller',
    'Automatowy gracz',
    'Kolikkopelien isopelaaja',
    'كبير مراهني السلوت',
    'Grande giocatore di slot',
    'Slotide suurmängija',
  ],
  'crash-ace': [
    'Crash ace',
    'Crash-Ass',
    'As du Crash',
    'Ás do Crash',
    'Crash-ess',
    'As Crash',
    'Crash-ässä',
    'بطل Crash',
    'Asso di Crash',
    'Crashi äss',
  ],
  'live-roulette-fan': [
    'Live Roulette fan',
    'Live-Roulette-Fan',
    'Fan de roulette en direct',
    'Fã de Roleta ao Vivo',
    'Live-rulettfan',
    'Fan ruletki na żywo',
    'Live-rulettifani',
    'عاشق الروليت المباشرة',
    'Fan della roulette dal vivo',
    'Live-ruleti fänn',
  ],
  'live-high-roller': [
    'Live high roller',
    'Live-Großspieler',
    'Gros joueur en direct',
    'Grande apostador ao vivo',
    'Live-storspiller',
    'Gracz na żywo',
    'Live-isopelaaja',
    'كبير المراهنين المباشر',
    'Grande giocatore dal vivo',
    'Live-suurmängija',
  ],
  'table-regular': [
    'Table regular',
    'Stammgast am Tisch',
    'Habitué des tables',
    'Habitual das mesas',
    'Stamgjest ved bordet',
    'Bywalec stołów',
    'Pöytien kanta-asiakas',
    'زائر الطاولات الدائم',
    'Habitué dei tavoli',
    'Laudade püsikülaline',
  ],
  'level-climber': [
    'Level climber',
    'Stufenkletterer',
    'Grimpeur de niveaux',
    'Escalador de níveis',
    'Nivåklatrer',
    'Zdobywca poziomów',
    'Tasokiipijä',
    'متسلق المستويات',
    'Scalatore di livelli',
    'Tasemeronija',
  ],
  'daily-visitor': [
    'Faithful visitor',
    'Treuer Besucher',
    'Visiteur fidèle',
    'Visitante fiel',
    'Trofast besøkende',
    'Wierny gość',
    'Uskollinen vierailija',
    'الزائر الوفي',
    'Visitatore fedele',
    'Truu külastaja',
  ],
  'high-stakes': [
    'High stakes',
    'Hohe Einsätze',
    'Grosses mises',
    'Apostas altas',
    'Høye innsatser',
    'Wysokie stawki',
    'Kovat panokset',
    'رهانات عالية',
    'Puntate alte',
    'Kõrged panused',
  ],
}
