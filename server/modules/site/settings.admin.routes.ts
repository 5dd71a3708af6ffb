import { countries } from 'countries-list'
import { isDeepStrictEqual } from 'node:util'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { isLocalePrefix } from '#common/locales.ts'
import type { Db, Tx } from '#db/client.ts'
import { ok } from '#server/lib/envelope.ts'
import { FieldErrors, type FieldProblems } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import { siteSettings } from './site.tables.ts'
import { SiteSettingsSchema, type SiteSettings } from './site.contract.ts'
import { DEFAULT_SETTINGS, type SiteService } from './site.service.ts'
import {
  MONEY_SETTING_KEYS,
  SettingsBodySchema,
  SettingsResponseSchema,
} from './site-admin.contract.ts'
import { CONTENT_READ, CONTENT_WRITE, READ_ROLE_NOTE, changeSite } from './site-admin.change.ts'

const isMoneyKey = (key: string) => (MONEY_SETTING_KEYS as readonly string[]).includes(key)

/** The stored settings, their rows locked until the transaction ends. */
async function lockSettings(tx: Tx): Promise<SiteSettings> {
  const rows = await tx.select().from(siteSettings).for('update')
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]))
  return SiteSettingsSchema.parse({ ...DEFAULT_SETTINGS, ...stored })
}

/**
 * What the settings schema cannot see alone: languages the site has, each once, among them the
 * default; countries that exist. Checked on the settings as they would be after the change.
 */
function problemsOf(next: SiteSettings, changed: Partial<SiteSettings>): FieldProblems {
  const problems: FieldProblems = {}
  const { languages, defaultLocale, blockedCountries } = next
  if (
    changed.languages &&
    (languages.some((code) => !isLocalePrefix(code)) ||
      new Set(languages).size !== languages.length)
  ) {
    problems.languages = { code: 'locale_unknown' }
  }
  if (!isLocalePrefix(defaultLocale)) problems.defaultLocale = { code: 'locale_unknown' }
  else if (!languages.includes(defaultLocale)) {
    // Blame the field the operator changed: the list that left it out, or the new default.
    problems[changed.defaultLocale === undefined ? 'languages' : 'defaultLocale'] = {
      code: 'default_locale_missing',
    }
  }
  if (changed.blockedCountries && blockedCountries.some((code) => !(code in countries))) {
    problems.blockedCountries = { code: 'country_unknown' }
  }
  return problems
}

/** `/admin/api/settings`: the site settings, and who may change which. */
export const settingsAdminRoutes: FastifyPluginAsyncZod<{
  bus: EventBus
  site: SiteService
}> = async (app, { bus, site }) => {
  const db: Db = app.database.db
  const tags = ['operator', 'site']
  const moneyKeys = [...MONEY_SETTING_KEYS]

  app.get(
    '/admin/api/settings',
    {
      schema: {
        tags,
        summary: 'The site settings',
        description: `Every setting, and \`moneyKeys\`: those only an admin may change. ${READ_ROLE_NOTE}`,
        response: { 200: SettingsResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, CONTENT_READ)
      void reply.header('cache-control', 'no-store')
      return ok({ settings: await site.settings(), moneyKeys })
    },
  )

  app.put(
    '/admin/api/settings',
    {
      schema: {
        tags,
        summary: 'Change some site settings',
        description: `A partial object: each key given is set, the others stay. \`languages\` are locale prefixes of the site, each once, and include \`defaultLocale\`; \`blockedCountries\` are ISO 3166-1 alpha-2 codes (visitors from them see the restricted page). A refused value answers 400 \`site.settings_invalid\` with the field named. Keys that move money (${moneyKeys.map((key) => `\`${key}\``).join(', ')}) need the admin role, the others the content role: 403 \`auth.forbidden\` otherwise, nothing changed. Every instance uses the new settings from its next request. Audited (\`site.settings.updated\`, each changed key's before and after).`,
        body: SettingsBodySchema,
        response: { 200: SettingsResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body
      const movesMoney = Object.keys(body).some(isMoneyKey)
      const operator = await requireOperatorRole(request, movesMoney ? [] : CONTENT_WRITE)
      const blockedCountries = body.blockedCountries && [...new Set(body.blockedCountries)].sort()
      const changed: Partial<SiteSettings> = {
        ...body,
        ...(blockedCountries && { blockedCountries }),
      }
      await changeSite(
        { db, bus, request, operatorId: operator.id, scope: 'settings' },
        async (tx, audit) => {
          const before = await lockSettings(tx)
          const next = { ...before, ...changed }
          const problems = problemsOf(next, changed)
          if (Object.keys(problems).length > 0)
            throw new FieldErrors(problems, 'site.settings_invalid')
          const changes: Record<string, { before: unknown; after: unknown }> = {}
          for (const [key, value] of Object.entries(changed)) {
            const previous = before[key as keyof SiteSettings]
            if (isDeepStrictEqual(previous, value)) continue
            changes[key] = { before: previous, after: value }
            await tx
              .insert(siteSettings)
              .values({ key, value })
              .onConflictDoUpdate({
                target: siteSettings.key,
                set: { value, updatedAt: new Date() },
              })
          }
          await audit('site.settings.updated', { changes })
        },
      )
      void reply.header('cache-control', 'no-store')
      return ok({ settings: await site.settings(), moneyKeys })
    },
  )
}
