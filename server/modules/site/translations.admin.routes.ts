import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DEFAULT_LOCALE, LOCALE_PREFIXES } from '#common/locales.ts'
import type { Db } from '#db/client.ts'
import { ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import { translationOverrides } from './site.tables.ts'
import { flatten, loadShippedMessages } from './translations.ts'
import {
  TRANSLATION_MAX_LENGTH,
  TranslationBodySchema,
  TranslationListQuerySchema,
  TranslationListResponseSchema,
  TranslationParamsSchema,
  TranslationResponseSchema,
  type OperatorTranslation,
} from './site-admin.contract.ts'
import {
  CONTENT_READ,
  CONTENT_WRITE,
  READ_ROLE_NOTE,
  ROLE_NOTE,
  changeSite,
  localeOf,
} from './site-admin.change.ts'

/** The `{{name}}` placeholders of a text, each once, sorted. */
export function placeholdersOf(text: string): string[] {
  return [
    ...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '')),
  ].sort()
}

/** A plural form English lacks (`_few`, `_many`) reads English's `_other`. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/

/** `/admin/api/translations`: the operator's wording over the shipped `common` catalogue. */
export const translationAdminRoutes: FastifyPluginAsyncZod<{ bus: EventBus }> = async (
  app,
  { bus },
) => {
  const db: Db = app.database.db
  const tags = ['operator', 'site']
  const shipped = new Map(
    [...loadShippedMessages()].map(([locale, messages]) => [locale, flatten(messages)]),
  )
  const english = shipped.get(DEFAULT_LOCALE) ?? new Map<string, string>()
  const englishOf = (key: string) =>
    english.get(key) ?? english.get(key.replace(PLURAL_SUFFIX, '_other')) ?? ''
  const catalogueOf = (locale: string) => shipped.get(locale) ?? new Map<string, string>()

  async function overridesOf(locale: string, key?: string) {
    const rows = await db
      .select()
      .from(translationOverrides)
      .where(
        and(
          eq(translationOverrides.locale, locale),
          key === undefined ? undefined : eq(translationOverrides.key, key),
        ),
      )
    return new Map(rows.map((row) => [row.key, row]))
  }

  const entryOf = (
    locale: string,
    key: string,
    text: string,
    override: { value: string; updatedAt: Date } | undefined,
  ): OperatorTranslation => ({
    key,
    shipped: text,
    english: englishOf(key),
    override: override?.value ?? null,
    updatedAt: override?.updatedAt.toISOString() ?? null,
  })

  /** The shipped text of a key the locale's catalogue has, else 404. */
  const shippedText = (locale: string, key: string) => {
    const text = catalogueOf(locale).get(key)
    if (text === undefined) throw new AppError('site.translation_key_unknown', { params: { key } })
    return text
  }

  const answer = async (locale: string, key: string) => {
    const text = shippedText(locale, key)
    return ok({ locale, ...entryOf(locale, key, text, (await overridesOf(locale, key)).get(key)) })
  }

  app.get(
    '/admin/api/translations',
    {
      schema: {
        tags,
        summary: 'The interface texts of a locale, with the operator’s wording',
        description: `Every key of the shipped \`common\` catalogue of \`locale\` (one of ${LOCALE_PREFIXES.map((l) => `\`${l}\``).join(', ')}; else 404 \`site.unknown_locale\`) in key order: the shipped text, the English text and the override, if any. \`q\` finds a key or any of the texts; \`onlyOverridden=true\` lists the overridden ones only. ${READ_ROLE_NOTE}`,
        querystring: TranslationListQuerySchema,
        response: { 200: TranslationListResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, CONTENT_READ)
      const { q, onlyOverridden, page, pageSize } = request.query
      const locale = localeOf(request.query.locale)
      const overrides = await overridesOf(locale)
      const needle = q?.toLocaleLowerCase()
      const matches = [...catalogueOf(locale)]
        .map(([key, text]) => entryOf(locale, key, text, overrides.get(key)))
        .filter((entry) => !onlyOverridden || entry.override !== null)
        .filter(
          (entry) =>
            needle === undefined ||
            needle === '' ||
            [entry.key, entry.shipped, entry.english, entry.override ?? ''].some((text) =>
              text.toLocaleLowerCase().includes(needle),
            ),
        )
        .sort((a, b) => (a.key < b.key ? -1 : 1))
      void reply.header('cache-control', 'no-store')
      return ok({
        locale,
        items: matches.slice((page - 1) * pageSize, page * pageSize),
        total: matches.length,
        page,
        pageSize,
      })
    },
  )

  app.put(
    '/admin/api/translations/:locale/:key',
    {
      schema: {
        tags,
        summary: 'Override a text of a locale',
        description: `The site shows \`value\` instead of the shipped text from its next request, in pages, messages and notifications. 404 \`site.translation_key_unknown\` for a key the locale's catalogue lacks; 400 \`site.translation_placeholders\` unless the value has exactly the shipped text's \`{{placeholders}}\` (param \`expected\`); the value is non-blank, at most ${TRANSLATION_MAX_LENGTH} characters. Audited (\`site.translation.updated\`, before and after). ${ROLE_NOTE}`,
        params: TranslationParamsSchema,
        body: TranslationBodySchema,
        response: { 200: TranslationResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, CONTENT_WRITE)
      const locale = localeOf(request.params.locale)
      const { key } = request.params
      const { value } = request.body
      const text = shippedText(locale, key)
      const expected = placeholdersOf(text)
      if (placeholdersOf(value).join() !== expected.join()) {
        throw new AppError('site.translation_placeholders', {
          params: { expected: expected.map((name) => `{{${name}}}`).join(', ') || '—' },
        })
      }
      await changeSite(
        { db, bus, request, operatorId: operator.id, scope: 'translations' },
        async (tx, audit) => {
          const [previous] = await tx
            .select({ value: translationOverrides.value })
            .from(translationOverrides)
            .where(and(eq(translationOverrides.locale, locale), eq(translationOverrides.key, key)))
            .for('update')
          await tx
            .insert(translationOverrides)
            .values({ locale, key, value })
            .onConflictDoUpdate({
              target: [translationOverrides.locale, translationOverrides.key],
              set: { value, updatedAt: new Date() },
            })
          await audit('site.translation.updated', {
            locale,
            key,
            before: previous?.value ?? text,
            after: value,
          })
        },
      )
      void reply.header('cache-control', 'no-store')
      return answer(locale, key)
    },
  )

  app.delete(
    '/admin/api/translations/:locale/:key',
    {
      schema: {
        tags,
        summary: 'Revert a text to the shipped one',
        description: `Removes the override; the site shows the shipped text from its next request. Reverting a text without an override changes nothing. 404 \`site.translation_key_unknown\`. Audited (\`site.translation.reverted\`, with the wording removed). ${ROLE_NOTE}`,
        params: TranslationParamsSchema,
        response: { 200: TranslationResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, CONTENT_WRITE)
      const locale = localeOf(request.params.locale)
      const { key } = request.params
      shippedText(locale, key)
      await changeSite(
        { db, bus, request, operatorId: operator.id, scope: 'translations' },
        async (tx, audit) => {
          const [removed] = await tx
            .delete(translationOverrides)
            .where(and(eq(translationOverrides.locale, locale), eq(translationOverrides.key, key)))
            .returning({ value: translationOverrides.value })
          if (removed)
            await audit('site.translation.reverted', { locale, key, before: removed.value })
        },
      )
      void reply.header('cache-control', 'no-store')
      return answer(locale, key)
    },
  )
}
