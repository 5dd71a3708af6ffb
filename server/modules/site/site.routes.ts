import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '#server/lib/errors.ts'
import { envelopeOf, ok, okWith } from '#server/lib/envelope.ts'
import { detectCountry } from '#server/modules/geo/index.ts'
import { findPlayerSummary } from '#server/modules/players/index.ts'
import {
  LangParamsSchema,
  LanguageSchema,
  MENU_KEYS,
  MenuItemsSchema,
  type SiteSettings,
} from './site.contract.ts'
import type { SiteService } from './site.service.ts'

const MenusSchema = z.object(Object.fromEntries(MENU_KEYS.map((key) => [key, MenuItemsSchema])))

export interface SiteRoutesOptions {
  site: SiteService
  countryHeader: string | undefined
}

/** The spec's settings, menus and translations calls (§7 "Session and settings"). */
export const siteRoutes: FastifyPluginAsyncZod<SiteRoutesOptions> = async (
  app,
  { site, countryHeader },
) => {
  /** Resolves `:lang` to an enabled language or answers 404. */
  const enabledLocale = async (lang: string, settings?: SiteSettings) => {
    const { languages } = settings ?? (await site.settings())
    if (!languages.includes(lang))
      throw new AppError('site.unknown_locale', { params: { locale: lang } })
    return lang
  }

  const params = LangParamsSchema
  const tags = ['settings']

  app.get(
    '/:lang/settings',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary:
          'Site settings for the visitor: their user data and whether their country is enabled',
        params,
        response: {
          200: envelopeOf(z.null()).extend({
            userData: z
              .object({
                api_id: z.string(),
                email: z.string(),
                first_name: z.string(),
                currency_id: z.string(),
              })
              .nullable()
              .describe('The signed-in player, or null for a visitor'),
            enabledCountry: z.object({ code: z.string().nullable(), isEnabled: z.boolean() }),
          }),
        },
      },
    },
    async (request, reply) => {
      const settings = await site.settings()
      await enabledLocale(request.params.lang, settings)
      const code = detectCountry(request, { header: countryHeader }) ?? null
      const playerId = (await request.session())?.playerId
      const player = playerId ? await findPlayerSummary(app.database.db, playerId) : undefined
      // A player's own data must not be kept by a shared cache.
      if (player) void reply.header('cache-control', 'no-store')
      return okWith({
        userData: player
          ? {
              api_id: player.id,
              email: player.email,
              first_name: player.firstName,
              currency_id: player.currency,
            }
          : null,
        enabledCountry: {
          code,
          isEnabled: code === null || !settings.blockedCountries.includes(code),
        },
      })
    },
  )

  app.get(
    '/:lang/translations/all',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'Every interface string of a locale',
        params,
        response: {
          200: envelopeOf(z.null()).extend({ general: z.record(z.string(), z.unknown()) }),
        },
      },
    },
    async (request) => {
      const lang = await enabledLocale(request.params.lang)
      return okWith({ general: await site.messages(lang) })
    },
  )

  app.get(
    '/:lang/settings/footer',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'Footer settings: the enabled languages',
        params,
        response: { 200: envelopeOf(z.null()).extend({ languages: z.array(LanguageSchema) }) },
      },
    },
    async (request) => {
      await enabledLocale(request.params.lang)
      return okWith({ languages: await site.languages() })
    },
  )

  app.get(
    '/:lang/settings/sidebar',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'Side menu and shortcuts',
        params,
        response: {
          200: envelopeOf(z.object({ side: MenuItemsSchema, shortcuts: MenuItemsSchema })),
        },
      },
    },
    async (request) => {
      const menus = await site.menus(await enabledLocale(request.params.lang))
      return ok({ side: menus.side, shortcuts: menus.shortcuts })
    },
  )

  app.get(
    '/:lang/settings/header',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'Header menu (the spec calls it for `en`)',
        params,
        response: { 200: envelopeOf(z.object({ header: MenuItemsSchema })) },
      },
    },
    async (request) => {
      const menus = await site.menus(await enabledLocale(request.params.lang))
      return ok({ header: menus.header })
    },
  )

  app.get(
    '/:lang/settings/footer/menus',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'Footer menus',
        params,
        response: {
          200: envelopeOf(
            z.object({ 'footer-info': MenuItemsSchema, 'mobile-footer': MenuItemsSchema }),
          ),
        },
      },
    },
    async (request) => {
      const menus = await site.menus(await enabledLocale(request.params.lang))
      return ok({ 'footer-info': menus['footer-info'], 'mobile-footer': menus['mobile-footer'] })
    },
  )

  app.get(
    '/:lang/rest-content/get-menus',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'Every menu of a locale; a menu the locale lacks falls back to English',
        params,
        response: { 200: envelopeOf(MenusSchema) },
      },
    },
    async (request) => ok(await site.menus(await enabledLocale(request.params.lang))),
  )
}
