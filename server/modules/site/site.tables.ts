import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { PAGE_COMPONENT_KINDS } from './site.contract.ts'

/** Operator-editable site settings, one JSON value per key (see `site.settings.ts`). */
export const siteSettings = pgTable('site_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** Menus are data: one row per locale and menu, its items as JSON. */
export const menus = pgTable(
  'menus',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    locale: text().notNull(),
    menu: text().notNull(),
    items: jsonb().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('menus_locale_menu_key').on(t.locale, t.menu)],
)

/** CMS pages answer the catch-all route: `path` is the part after the locale, with slashes. */
export const cmsPages = pgTable(
  'cms_pages',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    locale: text().notNull(),
    path: text().notNull(),
    title: text().notNull(),
    /** Paragraphs and headings, rendered as text (never as raw HTML). */
    blocks: jsonb().notNull(),
    layout: text().notNull().default('page'),
    isPublished: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cms_pages_locale_path_key').on(t.locale, t.path)],
)

/** The server-side redirect lookup that runs after the guards. */
export const redirects = pgTable(
  'redirects',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    fromPath: text().notNull().unique(),
    toPath: text().notNull(),
    status: integer().notNull().default(301),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('redirects_status_check', sql`${t.status} in (301, 302)`)],
)

/** Operator corrections to the shipped translation files, per locale prefix and key. */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    locale: text().notNull(),
    key: text().notNull(),
    value: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.locale, t.key] })],
)

/**
 * The content blocks of a feature page (quests, achievements and, with their issues, the wheel,
 * lootboxes and the lottery), in page order. `texts` holds every locale (`LocalizedTexts`);
 * `steps` and `faq` items are `items[i].title` and `items[i].text` per locale.
 */
export const pageComponents = pgTable(
  'page_components',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** The page's `url` parameter: `quests`, `achievements`, … */
    page: text().notNull(),
    sort: integer().notNull().default(0),
    kind: text({ enum: PAGE_COMPONENT_KINDS }).notNull(),
    imageUrl: text(),
    texts: jsonb()
      .$type<
        Record<
          string,
          {
            title: string
            text: string
            imageAlt?: string
            items?: { title: string; text: string }[]
          }
        >
      >()
      .notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('page_components_page_sort_idx').on(t.page, t.sort)],
)
