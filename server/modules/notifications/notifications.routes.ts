import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '#server/lib/errors.ts'
import { envelopeOf, ok, okWith } from '#server/lib/envelope.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { requireOperatorRole, requirePlayerId } from '#server/modules/auth/index.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { findPlayerSummary } from '#server/modules/players/index.ts'
import type { SiteService } from '#server/modules/site/index.ts'
import {
  MarkReadParamsSchema,
  MarkReadQuerySchema,
  NOTIFICATION_LIST_LIMIT,
  NotificationListQuerySchema,
  NotificationListResponseSchema,
  NotificationResponseSchema,
  OperatorNotificationBodySchema,
  type NotificationType,
} from './notifications.contract.ts'
import {
  listNotifications,
  markNotificationRead,
  toWireNotification,
} from './notifications.repo.ts'
import { sendNotification } from './send-notification.ts'

export interface NotificationRoutesOptions {
  site: SiteService
  bus: EventBus
}

const LIST_NOTE = `At most ${String(NOTIFICATION_LIST_LIMIT)} notifications, newest first, optionally only those of one \`type\`; \`count\` is how many match in all, so it can be larger than the list.`

/** The spec's notification calls (§7 "Notifications") and the operator's call to send one. */
export const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (
  app,
  { site, bus },
) => {
  const tags = ['notifications']

  const answerList = async (
    request: FastifyRequest,
    reply: FastifyReply,
    filter: { type: NotificationType | undefined; unreadOnly: boolean },
  ) => {
    const playerId = await requirePlayerId(request)
    const { count, rows } = await listNotifications(
      app.database.db,
      playerId,
      filter,
      NOTIFICATION_LIST_LIMIT,
    )
    // Read state changes with every mark; a cached copy would bring back the indicator.
    void reply.header('cache-control', 'no-store')
    return okWith({ count, notifications: rows.map(toWireNotification) })
  }

  app.get(
    '/player/all-notifications',
    {
      schema: {
        tags,
        summary: "The signed-in player's notifications, read and unread",
        description: LIST_NOTE,
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationListResponseSchema },
      },
    },
    (request, reply) => answerList(request, reply, { type: request.query.type, unreadOnly: false }),
  )

  app.get(
    '/player/unread-notifications',
    {
      schema: {
        tags,
        summary: "The signed-in player's unread notifications",
        description: `${LIST_NOTE} \`count\` is the number of unread ones, for the header's indicator.`,
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationListResponseSchema },
      },
    },
    (request, reply) => answerList(request, reply, { type: request.query.type, unreadOnly: true }),
  )

  app.post(
    '/:locale/player-notification/mark-notification-read',
    {
      schema: {
        tags,
        summary: "Mark one of the signed-in player's notifications read",
        description:
          "Marking a notification that is already read succeeds too. Another player's notification and an unknown id both answer 404, so ids cannot be probed. A locale the site does not offer answers 404 as the settings calls do.",
        params: MarkReadParamsSchema,
        querystring: MarkReadQuerySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const { locale } = request.params
      if (!(await site.settings()).languages.includes(locale)) {
        throw new AppError('site.unknown_locale', { params: { locale } })
      }
      if (!(await markNotificationRead(app.database.db, playerId, request.query.id))) {
        throw new AppError('notifications.not_found')
      }
      void reply.header('cache-control', 'no-store')
      return okWith({})
    },
  )

  app.post(
    '/admin/api/notifications',
    {
      schema: {
        tags: ['operator'],
        summary: 'Send a notification to a player',
        description:
          "Stores the notification and pushes it to the player's open pages as the socket event `notificationUpdate`, with `toast` and `header` saying how to show it. Needs an operator with the support or admin role: 401 without an operator session, 403 without the role; 404 when the player does not exist; 409 `notifications.player_barred` for a promotional notice (`isMarketing`, true unless sent false) to a player who is taking a break, closed the account or is on a self-exclusion register (nothing is stored). `url` and `image` are a path on this site or an https address.",
        body: OperatorNotificationBodySchema,
        response: { 201: NotificationResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['support'])
      const body = request.body
      if (!(await findPlayerSummary(app.database.db, body.playerId))) {
        throw new AppError('notifications.player_not_found')
      }
      const notification = await sendNotification(
        app.database.db,
        bus,
        {
          playerId: body.playerId,
          type: body.type,
          text: body.text,
          image: body.image,
          url: body.url,
          btnText: body.btnText,
          durationS: body.duration,
          toast: body.toast,
          header: body.header,
          isMarketing: body.isMarketing,
        },
        request.log,
      )
      if (!notification) throw new AppError('notifications.player_barred')
      // Who told a player what is worth keeping when a player asks about a message.
      await recordAudit(app.database.db, request, {
        actorType: 'operator',
        actorId: operator.id,
        playerId: body.playerId,
        action: 'notification.sent',
        details: { notificationId: notification.id },
      })
      void reply.header('cache-control', 'no-store')
      return reply.status(201).send(ok(notification))
    },
  )
}
