import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DEFAULT_LOCALE } from '#common/locales.ts'
import type { Db } from '#db/client.ts'
import { ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import { menus } from './site.tables.ts'
import { MENU_KEYS, MenuItemsSchema, type MenuKey } from './site.contract.ts'
import {
  MenuBodySchema,
  MenuParamsSchema,
  MenuResponseSchema,
  MenusQuerySchema,
  MenusResponseSchema,
  type OperatorMenu,
} from './site-admin.contract.ts'
import {
  CONTENT_READ,
  CONTENT_WRITE,
  READ_ROLE_NOTE,
  ROLE_NOTE,
  changeSite,
  localeOf,
} from './site-admin.change.ts'

const menuOf = (menu: string): MenuKey => {
  if (!(MENU_KEYS as readonly string[]).includes(menu)) {
    throw new AppError('site.menu_unknown', { params: { menu } })
  }
  return menu as MenuKey
}

/** `/admin/api/menus`: the header, side, footer and other menus of each locale. */
export const menuAdminRoutes: FastifyPluginAsyncZod<{ bus: EventBus }> = async (app, { bus }) => {
  const db: Db = app.database.db
  const tags = ['operator', 'site']

  /** Every menu of a locale as stored, English's where the locale has none of its own. */
  async function menusOf(locale: string): Promise<OperatorMenu[]> {
    const rows = await db
      .select()
      .from(menus)
      .where(inArray(menus.locale, [locale, DEFAULT_LOCALE]))
    return MENU_KEYS.map((menu) => {
      const own = rows.find((row) => row.locale === locale && row.menu === menu)
      const english = rows.find((row) => row.locale === DEFAULT_LOCALE && row.menu === menu)
      const row = own ?? english
      return {
        menu,
        items: MenuItemsSchema.parse(row?.items ?? []),
        isFallback: own === undefined,
        updatedAt: own?.updatedAt.toISOString() ?? null,
      }
    })
  }

  app.get(
    '/admin/api/menus',
    {
      schema: {
        tags,
        summary: 'Every menu of a locale',
        description: `Each of ${MENU_KEYS.map((key) => `\`${key}\``).join(', ')} as stored, with every entry (the site leaves out entries of features that are off). A menu the locale lacks is English's, marked \`isFallback\`. 404 \`site.unknown_locale\`. ${READ_ROLE_NOTE}`,
        querystring: MenusQuerySchema,
        response: { 200: MenusResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, CONTENT_READ)
      const locale = localeOf(request.query.locale)
      void reply.header('cache-control', 'no-store')
      return ok({ locale, menus: await menusOf(locale) })
    },
  )

  app.put(
    '/admin/api/menus/:locale/:menu',
    {
      schema: {
        tags,
        summary: 'Replace a menu of a locale',
        description: `\`items\` replace the menu as a whole, in order, each with an id unique in the menu, a label, and a \`url\` that is a path of the site or an \`https://\` address (\`isExternal\`); \`children\` are sub-entries. A locale that showed English's menu gets its own. 404 \`site.unknown_locale\`, 404 \`site.menu_unknown\`. The site shows the change on its next request. Audited (\`site.menu.updated\`, before and after). ${ROLE_NOTE}`,
        params: MenuParamsSchema,
        body: MenuBodySchema,
        response: { 200: MenuResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, CONTENT_WRITE)
      const locale = localeOf(request.params.locale)
      const menu = menuOf(request.params.menu)
      const { items } = request.body
      await changeSite(
        { db, bus, request, operatorId: operator.id, scope: 'menus' },
        async (tx, audit) => {
          const [before] = await tx
            .select({ items: menus.items })
            .from(menus)
            .where(and(eq(menus.locale, locale), eq(menus.menu, menu)))
            .for('update')
          await tx
            .insert(menus)
            .values({ locale, menu, items })
            .onConflictDoUpdate({
              target: [menus.locale, menus.menu],
              set: { items, updatedAt: new Date() },
            })
          await audit('site.menu.updated', {
            locale,
            menu,
            before: before?.items ?? null,
            after: items,
          })
        },
      )
      const saved = (await menusOf(locale)).find((entry) => entry.menu === menu)
      if (!saved) throw new AppError('site.menu_unknown', { params: { menu } })
      void reply.header('cache-control', 'no-store')
      return ok({ locale, ...saved })
    },
  )
}
