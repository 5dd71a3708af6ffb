import type { OperatorRole } from '#common/back-office.ts'
import { BONUS_CODES } from '#common/bonus-rules.ts'
import { QUEST_REPEATS } from '#common/engagement-rules.ts'
import { LOCALE_PREFIXES } from '#common/locales.ts'
import { SHOP_ITEM_KINDS, SHOP_LIMIT_PERIODS } from '#common/rewards-rules.ts'
import { ENTRY_FEE_KINDS, TOURNAMENT_SCORINGS } from '#common/tournament-rules.ts'

/**
 * The content the console edits, each described once: where its calls live, what its list shows
 * and which fields its form has. One editor (`resource-editor.tsx`) draws every one of them.
 * Field names are the body's (dotted for nested objects); labels are keys under
 * `admin.content.fields`. The server validates everything again; the form only helps.
 */

export type Row = Record<string, unknown>

export interface TextFieldSpec {
  name: string
  labelKey: string
  /** `line`: one line; `multiline`: a text area; `paragraphs`: a list of strings, blank-line separated. */
  kind: 'line' | 'multiline' | 'paragraphs'
}

export type FieldSpec = {
  name: string
  labelKey: string
  hintKey?: string
  /** Set once, at creation (an id or a kind). */
  isCreateOnly?: boolean
  /** Empty means null. */
  isNullable?: boolean
} & (
  | { kind: 'text' | 'image' | 'datetime' | 'list' | 'json' | 'boolean' }
  | { kind: 'number'; allowsDecimals?: boolean }
  /** Minor units on the wire (a string), typed in whole units: EUR or COIN (hundredths). */
  | { kind: 'money'; currency: 'EUR' | 'COIN' }
  | { kind: 'select'; options: readonly string[]; optionKeyPrefix?: string }
  /** A select whose options are another call's rows (a quest's category). */
  | {
      kind: 'reference'
      path: string
      listKey: string
      filter?: (row: Row) => boolean
      label: (row: Row) => string
    }
  /** Words per locale, one tab each; `allLocales`: all 16 are required, else English only. */
  | { kind: 'texts'; fields: readonly TextFieldSpec[]; allLocales: boolean }
)

export interface ColumnSpec {
  key: string
  labelKey: string
  value: (row: Row) => unknown
  sortField?: string
  kind?: 'text' | 'enabled' | 'money' | 'date' | 'number'
}

export interface ResourceSpec {
  key: string
  titleKey: string
  descriptionKey: string
  readRoles: readonly OperatorRole[]
  writeRoles: readonly OperatorRole[]
  /**
   * `paged`: the list call pages, searches and sorts; one item has its own call.
   * `table`: the call reads and replaces a whole short table; an item is a row of it.
   */
  mode: 'paged' | 'table'
  listPath: string
  listKey: string
  itemPath?: (id: string) => string
  /** The answer's key for one item; null when the answer is the item itself. */
  itemKey?: string | null
  /** Create: POST here. Absent: nothing new can be made here. */
  createPath?: string
  updatePath?: (id: string) => string
  /** A DELETE that withdraws the item (it stays, disabled). */
  removePath?: (id: string) => string
  idOf: (row: Row) => string
  /** Rows that are not read from a call (the feature pages that have blocks). */
  staticRows?: Row[]
  /** What a new item starts from. */
  blank?: () => Row
  columns: ColumnSpec[]
  fields: FieldSpec[]
  defaultSort?: string
}

const READ: OperatorRole[] = ['content', 'auditor']
const WRITE: OperatorRole[] = ['content']
const MONEY_READ: OperatorRole[] = ['finance', 'content', 'auditor']
const MONEY_WRITE: OperatorRole[] = ['finance', 'content']

const englishTitle = (row: Row) => {
  const texts = row.texts as Record<string, Record<string, unknown> | undefined> | undefined
  const en = texts?.en
  return (en?.title ?? en?.name ?? '') as string
}
const emptyTexts = (fields: readonly string[]) =>
  Object.fromEntries(
    LOCALE_PREFIXES.map((locale) => [
      locale,
      Object.fromEntries(fields.map((field) => [field, ''])),
    ]),
  )

const slugColumn: ColumnSpec = {
  key: 'slug',
  labelKey: 'slug',
  value: (r) => r.slug,
  sortField: 'slug',
}
const titleColumn: ColumnSpec = { key: 'title', labelKey: 'title', value: englishTitle }
const enabledColumn: ColumnSpec = {
  key: 'is_enabled',
  labelKey: 'is_enabled',
  value: (r) => r.is_enabled,
  sortField: 'is_enabled',
  kind: 'enabled',
}
const sortColumn: ColumnSpec = {
  key: 'sort',
  labelKey: 'sort',
  value: (r) => r.sort,
  sortField: 'sort',
  kind: 'number',
}

const slugField: FieldSpec = { name: 'slug', labelKey: 'slug', hintKey: 'slug', kind: 'text' }
const sortField: FieldSpec = { name: 'sort', labelKey: 'sort', kind: 'number' }
const enabledField: FieldSpec = { name: 'is_enabled', labelKey: 'is_enabled', kind: 'boolean' }
const imageField: FieldSpec = {
  name: 'image_url',
  labelKey: 'image_url',
  hintKey: 'image_url',
  kind: 'image',
}
const titleTextImage = [
  { name: 'title', labelKey: 'title', kind: 'line' },
  { name: 'text', labelKey: 'text', kind: 'multiline' },
  { name: 'imageAlt', labelKey: 'image_alt', kind: 'line' },
] as const satisfies readonly TextFieldSpec[]

/** A quest or an achievement: the same calls, the same body, a different kind. */
function questSpec(kind: 'quest' | 'achievement'): ResourceSpec {
  const path = kind === 'quest' ? 'quests' : 'achievements'
  const isQuest = kind === 'quest'
  return {
    key: path,
    titleKey: path,
    descriptionKey: path,
    readRoles: READ,
    writeRoles: WRITE,
    mode: 'paged',
    listPath: `/admin/api/${path}`,
    listKey: 'quests',
    itemPath: (id) => `/admin/api/${path}/${id}`,
    itemKey: 'quest',
    createPath: `/admin/api/${path}`,
    updatePath: (id) => `/admin/api/${path}/${id}`,
    removePath: (id) => `/admin/api/${path}/${id}`,
    idOf: (row) => String(row.id),
    blank: () => ({
      category_id: null,
      slug: '',
      image_url: isQuest ? '/quests/art/daily-check-in.svg' : '/achievements/art/daily-visitor.svg',
      texts: emptyTexts(['title', 'text', 'imageAlt']),
      repeat: isQuest ? 'daily' : 'none',
      starts_at: null,
      ends_at: null,
      sort: 0,
      is_enabled: true,
      templates: [
        {
          texts: emptyTexts(['title']),
          reward_coins: 1,
          triggers: [
            {
              event: 'bet',
              rules: [
                {
                  type: 'number_actions',
                  condition_type: null,
                  condition_value: null,
                  is_progress_marker: 1,
                },
              ],
              expected: '10',
              min_stake_eur: '0',
            },
          ],
        },
      ],
    }),
    columns: [
      { key: 'id', labelKey: 'id', value: (r) => r.id, sortField: 'id', kind: 'number' },
      slugColumn,
      titleColumn,
      ...(isQuest
        ? [
            { key: 'repeat', labelKey: 'repeat', value: (r: Row) => r.repeat },
            {
              key: 'ends_at',
              labelKey: 'ends_at',
              value: (r: Row) => r.ends_at,
              sortField: 'ends_at',
              kind: 'date' as const,
            },
          ]
        : []),
      sortColumn,
      enabledColumn,
    ],
    fields: [
      {
        name: 'category_id',
        labelKey: 'category_id',
        kind: 'reference',
        path: '/admin/api/engagement/categories',
        listKey: 'categories',
        filter: (row) => row.kind === kind,
        label: (row) => `${englishTitle(row)} (${String(row.slug)})`,
      },
      slugField,
      imageField,
      ...(isQuest
        ? ([
            {
              name: 'repeat',
              labelKey: 'repeat',
              kind: 'select',
              options: QUEST_REPEATS,
              optionKeyPrefix: 'repeat',
            },
            {
              name: 'starts_at',
              labelKey: 'starts_at',
              hintKey: 'utc',
              kind: 'datetime',
              isNullable: true,
            },
            {
              name: 'ends_at',
              labelKey: 'ends_at',
              hintKey: 'utc',
              kind: 'datetime',
              isNullable: true,
            },
          ] satisfies FieldSpec[])
        : []),
      sortField,
      enabledField,
      { name: 'texts', labelKey: 'texts', kind: 'texts', allLocales: true, fields: titleTextImage },
      { name: 'templates', labelKey: 'templates', hintKey: 'templates', kind: 'json' },
    ],
  }
}

export const RESOURCES: readonly ResourceSpec[] = [
  {
    key: 'promotions',
    titleKey: 'promotions',
    descriptionKey: 'promotions',
    readRoles: READ,
    writeRoles: WRITE,
    mode: 'paged',
    listPath: '/admin/api/promotions',
    listKey: 'promotions',
    itemPath: (id) => `/admin/api/promotions/${id}`,
    itemKey: 'promotion',
    createPath: '/admin/api/promotions',
    updatePath: (id) => `/admin/api/promotions/${id}`,
    removePath: (id) => `/admin/api/promotions/${id}`,
    idOf: (row) => String(row.id),
    blank: () => ({
      id: '',
      bonus_code: null,
      image_url: '/promotions/art/welcome-bonus.svg',
      starts_at: null,
      ends_at: null,
      countries: [],
      sort_order: 0,
      is_enabled: true,
      texts: {},
    }),
    columns: [
      { key: 'id', labelKey: 'promotion_id', value: (r) => r.id, sortField: 'id' },
      titleColumn,
      { key: 'bonus_code', labelKey: 'bonus_code', value: (r) => r.bonus_code },
      {
        key: 'ends_at',
        labelKey: 'ends_at',
        value: (r) => r.ends_at,
        sortField: 'ends_at',
        kind: 'date',
      },
      {
        key: 'sort_order',
        labelKey: 'sort',
        value: (r) => r.sort_order,
        sortField: 'sort_order',
        kind: 'number',
      },
      enabledColumn,
    ],
    fields: [
      {
        name: 'id',
        labelKey: 'promotion_id',
        hintKey: 'promotion_id',
        kind: 'text',
        isCreateOnly: true,
      },
      {
        name: 'bonus_code',
        labelKey: 'bonus_code',
        hintKey: 'bonus_code',
        kind: 'select',
        options: BONUS_CODES,
        isNullable: true,
      },
      imageField,
      {
        name: 'starts_at',
        labelKey: 'starts_at',
        hintKey: 'utc',
        kind: 'datetime',
        isNullable: true,
      },
      { name: 'ends_at', labelKey: 'ends_at', hintKey: 'utc', kind: 'datetime', isNullable: true },
      { name: 'countries', labelKey: 'countries', hintKey: 'countries', kind: 'list' },
      { name: 'sort_order', labelKey: 'sort', kind: 'number' },
      enabledField,
      {
        name: 'texts',
        labelKey: 'texts',
        kind: 'texts',
        allLocales: false,
        fields: [
          { name: 'title', labelKey: 'title', kind: 'line' },
          { name: 'summary', labelKey: 'summary', kind: 'multiline' },
          { name: 'body', labelKey: 'body', kind: 'paragraphs' },
          { name: 'image_alt', labelKey: 'image_alt', kind: 'line' },
        ],
      },
    ],
    defaultSort: 'sort_order',
  },
  {
    key: 'bonus-rules',
    titleKey: 'bonus_rules',
    descriptionKey: 'bonus_rules',
    readRoles: MONEY_READ,
    writeRoles: MONEY_WRITE,
    mode: 'table',
    listPath: '/admin/api/bonus-rules',
    listKey: 'rules',
    updatePath: (code) => `/admin/api/bonus-rules/${code}`,
    idOf: (row) => String(row.code),
    columns: [
      { key: 'code', labelKey: 'code', value: (r) => r.code },
      {
        key: 'match_percent',
        labelKey: 'match_percent',
        value: (r) => r.match_percent,
        kind: 'number',
      },
      { key: 'min_eur', labelKey: 'min_eur', value: (r) => r.min_eur, kind: 'money' },
      { key: 'max_eur', labelKey: 'max_eur', value: (r) => r.max_eur, kind: 'money' },
      {
        key: 'wagering_times',
        labelKey: 'wagering_times',
        value: (r) => r.wagering_times,
        kind: 'number',
      },
      enabledColumn,
    ],
    fields: [
      { name: 'match_percent', labelKey: 'match_percent', kind: 'number' },
      { name: 'min_eur', labelKey: 'min_eur', kind: 'money', currency: 'EUR' },
      {
        name: 'max_eur',
        labelKey: 'max_eur',
        hintKey: 'max_eur',
        kind: 'money',
        currency: 'EUR',
        isNullable: true,
      },
      { name: 'wagering_times', labelKey: 'wagering_times', kind: 'number' },
      { name: 'valid_days', labelKey: 'valid_days', kind: 'number' },
      { name: 'max_bet_eur', labelKey: 'max_bet_eur', kind: 'money', currency: 'EUR' },
      enabledField,
    ],
  },
  {
    key: 'bonus-contributions',
    titleKey: 'bonus_contributions',
    descriptionKey: 'bonus_contributions',
    readRoles: MONEY_READ,
    writeRoles: MONEY_WRITE,
    mode: 'table',
    listPath: '/admin/api/bonus-contributions',
    listKey: 'contributions',
    idOf: (row) => String(row.category),
    blank: () => ({ category: '', percent: 100 }),
    columns: [
      { key: 'category', labelKey: 'game_category', value: (r) => r.category },
      { key: 'percent', labelKey: 'percent', value: (r) => r.percent, kind: 'number' },
    ],
    fields: [
      { name: 'category', labelKey: 'game_category', hintKey: 'game_category', kind: 'text' },
      { name: 'percent', labelKey: 'percent', hintKey: 'percent', kind: 'number' },
    ],
  },
  questSpec('quest'),
  questSpec('achievement'),
  {
    key: 'quest-categories',
    titleKey: 'quest_categories',
    descriptionKey: 'quest_categories',
    readRoles: READ,
    writeRoles: WRITE,
    mode: 'table',
    listPath: '/admin/api/engagement/categories',
    listKey: 'categories',
    itemPath: (id) => `/admin/api/engagement/categories/${id}`,
    itemKey: 'category',
    createPath: '/admin/api/engagement/categories',
    updatePath: (id) => `/admin/api/engagement/categories/${id}`,
    removePath: (id) => `/admin/api/engagement/categories/${id}`,
    idOf: (row) => String(row.id),
    blank: () => ({
      kind: 'quest',
      slug: '',
      sort: 0,
      is_enabled: true,
      texts: emptyTexts(['title']),
    }),
    columns: [
      { key: 'kind', labelKey: 'kind', value: (r) => r.kind },
      slugColumn,
      titleColumn,
      sortColumn,
      enabledColumn,
    ],
    fields: [
      {
        name: 'kind',
        labelKey: 'kind',
        kind: 'select',
        options: ['quest', 'achievement'],
        optionKeyPrefix: 'category_kind',
        isCreateOnly: true,
      },
      slugField,
      sortField,
      enabledField,
      {
        name: 'texts',
        labelKey: 'texts',
        kind: 'texts',
        allLocales: true,
        fields: [{ name: 'title', labelKey: 'title', kind: 'line' }],
      },
    ],
  },
  {
    key: 'wheels',
    titleKey: 'wheels',
    descriptionKey: 'wheels',
    readRoles: READ,
    writeRoles: WRITE,
    mode: 'paged',
    listPath: '/admin/api/wheels',
    listKey: 'wheels',
    itemPath: (id) => `/admin/api/wheels/${id}`,
    itemKey: 'wheel',
    createPath: '/admin/api/wheels',
    updatePath: (id) => `/admin/api/wheels/${id}`,
    idOf: (row) => String(row.id),
    blank: () => ({
      slug: '',
      sort: 0,
      is_enabled: false,
      spin_every_eur_minor: '10000',
      texts: emptyTexts(['title', 'text']),
      segments: [],
    }),
    columns: [
      slugColumn,
      titleColumn,
      {
        key: 'spin_every',
        labelKey: 'spin_every_eur_minor',
        value: (r) => r.spin_every_eur_minor,
        kind: 'money',
      },
      sortColumn,
      enabledColumn,
    ],
    fields: [
      slugField,
      sortField,
      enabledField,
      {
        name: 'spin_every_eur_minor',
        labelKey: 'spin_every_eur_minor',
        kind: 'money',
        currency: 'EUR',
      },
      {
        name: 'texts',
        labelKey: 'texts',
        kind: 'texts',
        allLocales: true,
        fields: [
          { name: 'title', labelKey: 'title', kind: 'line' },
          { name: 'text', labelKey: 'text', kind: 'multiline' },
        ],
      },
      { name: 'segments', labelKey: 'segments', hintKey: 'segments', kind: 'json' },
    ],
  },
  {
    key: 'lootboxes',
    titleKey: 'lootboxes',
    descriptionKey: 'lootboxes',
    readRoles: READ,
    writeRoles: WRITE,
    mode: 'paged',
    listPath: '/admin/api/lootboxes',
    listKey: 'lootboxes',
    itemPath: (id) => `/admin/api/lootboxes/${id}`,
    itemKey: 'lootbox',
    createPath: '/admin/api/lootboxes',
    updatePath: (id) => `/admin/api/lootboxes/${id}`,
    idOf: (row) => String(row.id),
    blank: () => ({
      slug: '',
      sort: 0,
      is_enabled: false,
      valid_days: 30,
      image_url: '/lootboxes/bronze.svg',
      texts: emptyTexts(['title', 'text', 'imageAlt']),
      prizes: [],
      sources: [],
    }),
    columns: [
      slugColumn,
      titleColumn,
      { key: 'valid_days', labelKey: 'valid_days', value: (r) => r.valid_days, kind: 'number' },
      sortColumn,
      enabledColumn,
    ],
    fields: [
      slugField,
      sortField,
      enabledField,
      { name: 'valid_days', labelKey: 'valid_days', kind: 'number' },
      imageField,
      { name: 'texts', labelKey: 'texts', kind: 'texts', allLocales: true, fields: titleTextImage },
      { name: 'prizes', labelKey: 'odds_table', hintKey: 'odds_table', kind: 'json' },
      { name: 'sources', labelKey: 'sources', hintKey: 'sources', kind: 'json' },
    ],
  },
  {
    key: 'shop-items',
    titleKey: 'shop_items',
    descriptionKey: 'shop_items',
    readRoles: READ,
    writeRoles: WRITE,
    mode: 'paged',
    listPath: '/admin/api/shop-items',
    listKey: 'items',
    itemPath: (id) => `/admin/api/shop-items/${id}`,
    itemKey: 'item',
    createPath: '/admin/api/shop-items',
    updatePath: (id) => `/admin/api/shop-items/${id}`,
    idOf: (row) => String(row.id),
    blank: () => ({
      slug: '',
      kind: 'wheel_spin',
      prize: { kind: 'wheel_spin', spins: 1 },
      price_coins_minor: '10000',
      stock: null,
      per_player_limit: null,
      limit_period: 'ever',
      image_url: '/shop/wheel-spin-1.svg',
      sort: 0,
      is_enabled: false,
      texts: emptyTexts(['title', 'text', 'imageAlt']),
    }),
    columns: [
      slugColumn,
      titleColumn,
      { key: 'kind', labelKey: 'kind', value: (r) => r.kind },
      {
        key: 'price',
        labelKey: 'price_coins_minor',
        value: (r) => r.price_coins_minor,
        sortField: 'price_coins_minor',
        kind: 'money',
      },
      {
        key: 'stock',
        labelKey: 'stock',
        value: (r) => r.stock,
        sortField: 'stock',
        kind: 'number',
      },
      enabledColumn,
    ],
    fields: [
      slugField,
      { name: 'kind', labelKey: 'kind', kind: 'select', options: SHOP_ITEM_KINDS },
      { name: 'prize', labelKey: 'prize', hintKey: 'prize', kind: 'json' },
      { name: 'price_coins_minor', labelKey: 'price_coins_minor', kind: 'money', currency: 'COIN' },
      { name: 'stock', labelKey: 'stock', hintKey: 'unlimited', kind: 'number', isNullable: true },
      {
        name: 'per_player_limit',
        labelKey: 'per_player_limit',
        hintKey: 'unlimited',
        kind: 'number',
        isNullable: true,
      },
      {
        name: 'limit_period',
        labelKey: 'limit_period',
        kind: 'select',
        options: SHOP_LIMIT_PERIODS,
      },
      imageField,
      sortField,
      enabledField,
      { name: 'texts', labelKey: 'texts', kind: 'texts', allLocales: true, fields: titleTextImage },
    ],
  },
  {
    key: 'lotteries',
    titleKey: 'lotteries',
    descriptionKey: 'lotteries',
    readRoles: READ,
    writeRoles: WRITE,
    mode: 'paged',
    listPath: '/admin/api/lotteries',
    listKey: 'lotteries',
    itemPath: (id) => `/admin/api/lotteries/${id}`,
    itemKey: null,
    createPath: '/admin/api/lotteries',
    updatePath: (id) => `/admin/api/lotteries/${id}`,
    idOf: (row) => String(row.id),
    blank: () => ({
      slug: '',
      texts: emptyTexts(['title', 'text', 'imageAlt']),
      image_url: '/lottery/weekly.svg',
      sales_open_at: null,
      sales_close_at: null,
      draw_at: null,
      ticket_every_eur_minor: null,
      max_tickets_per_player: 100,
      is_enabled: false,
      prizes: [],
    }),
    columns: [
      slugColumn,
      titleColumn,
      {
        key: 'draw_at',
        labelKey: 'draw_at',
        value: (r) => r.draw_at,
        sortField: 'draw_at',
        kind: 'date',
      },
      {
        key: 'ticket_count',
        labelKey: 'ticket_count',
        value: (r) => r.ticket_count,
        sortField: 'ticket_count',
        kind: 'number',
      },
      enabledColumn,
    ],
    fields: [
      slugField,
      imageField,
      { name: 'sales_open_at', labelKey: 'sales_open_at', hintKey: 'utc', kind: 'datetime' },
      { name: 'sales_close_at', labelKey: 'sales_close_at', hintKey: 'utc', kind: 'datetime' },
      { name: 'draw_at', labelKey: 'draw_at', hintKey: 'utc', kind: 'datetime' },
      {
        name: 'ticket_every_eur_minor',
        labelKey: 'ticket_every_eur_minor',
        hintKey: 'ticket_every_eur_minor',
        kind: 'money',
        currency: 'EUR',
        isNullable: true,
      },
      { name: 'max_tickets_per_player', labelKey: 'max_tickets_per_player', kind: 'number' },
      enabledField,
      { name: 'texts', labelKey: 'texts', kind: 'texts', allLocales: true, fields: titleTextImage },
      { name: 'prizes', labelKey: 'prize_table', hintKey: 'lottery_prizes', kind: 'json' },
    ],
    defaultSort: '-draw_at',
  },
  {
    key: 'tournaments',
    titleKey: 'tournaments',
    descriptionKey: 'tournaments',
    readRoles: READ,
    writeRoles: WRITE,
    mode: 'paged',
    listPath: '/admin/api/tournaments',
    listKey: 'tournaments',
    itemPath: (id) => `/admin/api/tournaments/${id}`,
    itemKey: 'tournament',
    createPath: '/admin/api/tournaments',
    updatePath: (id) => `/admin/api/tournaments/${id}`,
    idOf: (row) => String(row.id),
    blank: () => ({
      slug: '',
      texts: emptyTexts(['title', 'text', 'imageAlt']),
      image_url: '/tournaments/originals-hunt.svg',
      scoring: TOURNAMENT_SCORINGS[0],
      points_per_spin: 1,
      game_ids: [],
      category_slugs: [],
      currencies: [],
      min_stake_eur_minor: '0',
      entry_fee: { kind: 'free', amount_minor: '0' },
      starts_at: null,
      ends_at: null,
      is_enabled: false,
      prizes: [],
    }),
    columns: [
      slugColumn,
      titleColumn,
      { key: 'phase', labelKey: 'phase', value: (r) => r.phase, sortField: 'phase' },
      {
        key: 'starts_at',
        labelKey: 'starts_at',
        value: (r) => r.starts_at,
        sortField: 'starts_at',
        kind: 'date',
      },
      {
        key: 'ends_at',
        labelKey: 'ends_at',
        value: (r) => r.ends_at,
        sortField: 'ends_at',
        kind: 'date',
      },
      {
        key: 'participants',
        labelKey: 'participant_count',
        value: (r) => r.participant_count,
        sortField: 'participant_count',
        kind: 'number',
      },
      enabledColumn,
    ],
    fields: [
      slugField,
      imageField,
      { name: 'scoring', labelKey: 'scoring', kind: 'select', options: TOURNAMENT_SCORINGS },
      { name: 'points_per_spin', labelKey: 'points_per_spin', kind: 'number' },
      { name: 'game_ids', labelKey: 'game_ids', hintKey: 'game_ids', kind: 'list' },
      { name: 'category_slugs', labelKey: 'category_slugs', hintKey: 'comma_list', kind: 'list' },
      { name: 'currencies', labelKey: 'currencies', hintKey: 'currencies', kind: 'list' },
      {
        name: 'min_stake_eur_minor',
        labelKey: 'min_stake_eur_minor',
        kind: 'money',
        currency: 'EUR',
      },
      {
        name: 'entry_fee.kind',
        labelKey: 'entry_fee_kind',
        kind: 'select',
        options: ENTRY_FEE_KINDS,
      },
      {
        name: 'entry_fee.amount_minor',
        labelKey: 'entry_fee_amount',
        hintKey: 'entry_fee_amount',
        kind: 'money',
        currency: 'EUR',
      },
      { name: 'starts_at', labelKey: 'starts_at', hintKey: 'utc', kind: 'datetime' },
      { name: 'ends_at', labelKey: 'ends_at', hintKey: 'utc', kind: 'datetime' },
      enabledField,
      { name: 'texts', labelKey: 'texts', kind: 'texts', allLocales: true, fields: titleTextImage },
      { name: 'prizes', labelKey: 'prize_table', hintKey: 'tournament_prizes', kind: 'json' },
    ],
    defaultSort: '-created_at',
  },
  {
    key: 'loyalty-levels',
    titleKey: 'loyalty_levels',
    descriptionKey: 'loyalty_levels',
    readRoles: MONEY_READ,
    writeRoles: MONEY_WRITE,
    mode: 'table',
    listPath: '/admin/api/loyalty-levels',
    listKey: 'levels',
    idOf: (row) => String(row.level),
    blank: () => ({
      level: 1,
      from_points: 0,
      image_url: '/levels/level-1.svg',
      reward_coins: 0,
      texts: emptyTexts(['name']),
    }),
    columns: [
      { key: 'level', labelKey: 'level', value: (r) => r.level, kind: 'number' },
      { key: 'name', labelKey: 'name', value: englishTitle },
      { key: 'from_points', labelKey: 'from_points', value: (r) => r.from_points, kind: 'number' },
      {
        key: 'reward_coins',
        labelKey: 'reward_coins',
        value: (r) => r.reward_coins,
        kind: 'number',
      },
    ],
    fields: [
      { name: 'level', labelKey: 'level', hintKey: 'level', kind: 'number' },
      { name: 'from_points', labelKey: 'from_points', kind: 'number' },
      imageField,
      { name: 'reward_coins', labelKey: 'reward_coins', kind: 'number', allowsDecimals: true },
      {
        name: 'texts',
        labelKey: 'names',
        kind: 'texts',
        allLocales: true,
        fields: [{ name: 'name', labelKey: 'name', kind: 'line' }],
      },
    ],
  },
  {
    key: 'vip-tiers',
    titleKey: 'vip_tiers',
    descriptionKey: 'vip_tiers',
    readRoles: MONEY_READ,
    writeRoles: MONEY_WRITE,
    mode: 'table',
    listPath: '/admin/api/vip-tiers',
    listKey: 'tiers',
    idOf: (row) => String(row.tier),
    blank: () => ({
      tier: 1,
      from_level: 3,
      image_url: '/vip/tier-1.svg',
      cashback_bp: 0,
      cashback_cap_eur: '0',
      coin_multiplier_bp: 10_000,
      withdrawal_limit_eur: '0',
      texts: emptyTexts(['name']),
    }),
    columns: [
      { key: 'tier', labelKey: 'tier', value: (r) => r.tier, kind: 'number' },
      { key: 'name', labelKey: 'name', value: englishTitle },
      { key: 'from_level', labelKey: 'from_level', value: (r) => r.from_level, kind: 'number' },
      { key: 'cashback_bp', labelKey: 'cashback_bp', value: (r) => r.cashback_bp, kind: 'number' },
      {
        key: 'withdrawal_limit_eur',
        labelKey: 'withdrawal_limit_eur',
        value: (r) => r.withdrawal_limit_eur,
        kind: 'money',
      },
    ],
    fields: [
      { name: 'tier', labelKey: 'tier', hintKey: 'tier', kind: 'number' },
      { name: 'from_level', labelKey: 'from_level', kind: 'number' },
      imageField,
      { name: 'cashback_bp', labelKey: 'cashback_bp', hintKey: 'basis_points', kind: 'number' },
      { name: 'cashback_cap_eur', labelKey: 'cashback_cap_eur', kind: 'money', currency: 'EUR' },
      {
        name: 'coin_multiplier_bp',
        labelKey: 'coin_multiplier_bp',
        hintKey: 'multiplier_bp',
        kind: 'number',
      },
      {
        name: 'withdrawal_limit_eur',
        labelKey: 'withdrawal_limit_eur',
        kind: 'money',
        currency: 'EUR',
      },
      {
        name: 'texts',
        labelKey: 'names',
        kind: 'texts',
        allLocales: true,
        fields: [{ name: 'name', labelKey: 'name', kind: 'line' }],
      },
    ],
  },
  {
    key: 'page-components',
    titleKey: 'page_components',
    descriptionKey: 'page_components',
    readRoles: READ,
    writeRoles: WRITE,
    mode: 'table',
    // The feature pages with blocks (the server's list); each page's blocks are one item.
    listPath: '',
    listKey: 'pages',
    staticRows: ['lottery', 'quests', 'achievements', 'fortune-wheel', 'lootboxes'].map((page) => ({
      page,
    })),
    itemPath: (page) => `/admin/api/page-components/${page}`,
    itemKey: null,
    updatePath: (page) => `/admin/api/page-components/${page}`,
    idOf: (row) => String(row.page),
    columns: [{ key: 'page', labelKey: 'page', value: (r) => r.page }],
    fields: [{ name: 'components', labelKey: 'components', hintKey: 'components', kind: 'json' }],
  },
]

export const resourceByKey = (key: string | undefined): ResourceSpec | undefined =>
  RESOURCES.find((resource) => resource.key === key)
