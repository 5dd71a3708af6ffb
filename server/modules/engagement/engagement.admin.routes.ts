import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db, Tx } from '#db/client.ts'
import { ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { pageOf, sortOnFields } from '#server/lib/list-page.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import {
  engagementTriggers,
  questCategories,
  questTemplates,
  quests,
  templateRewards,
  triggerProgress,
  type QuestKind,
} from './engagement.tables.ts'
import { completeTexts } from './localized-texts.ts'
import {
  CATEGORY_TEXT_FIELDS,
  CategoryBodySchema,
  CategoryCreateSchema,
  IdParamsSchema,
  OperatorCategoriesResponseSchema,
  OperatorCategoryResponseSchema,
  OperatorQuestListQuerySchema,
  OperatorQuestResponseSchema,
  OperatorQuestsResponseSchema,
  QUEST_TEXT_FIELDS,
  QuestBodySchema,
  TEMPLATE_TEXT_FIELDS,
  type OperatorCategory,
  type OperatorQuest,
  type QuestBody,
} from './quests.admin.contract.ts'

type CategoryRow = typeof questCategories.$inferSelect

const toOperatorCategory = (row: CategoryRow): OperatorCategory => ({
  id: row.id,
  kind: row.kind,
  slug: row.slug,
  sort: row.sort,
  is_enabled: row.isEnabled,
  texts: row.texts,
})

/** Quests or achievements with their tasks and triggers, as the operator edits them: 3 queries. */
async function loadOperatorQuests(
  db: Db | Tx,
  kind: QuestKind,
  ids?: number[],
): Promise<OperatorQuest[]> {
  const rows = await db
    .select()
    .from(quests)
    .where(and(eq(quests.kind, kind), ids ? inArray(quests.id, ids) : undefined))
    .orderBy(asc(quests.categoryId), asc(quests.sort), asc(quests.id))
  if (rows.length === 0) return []
  const templates = await db
    .select()
    .from(questTemplates)
    .where(
      inArray(
        questTemplates.questId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(questTemplates.sort), asc(questTemplates.id))
  const triggers =
    templates.length === 0
      ? []
      : await db
          .select()
          .from(engagementTriggers)
          .where(
            inArray(
              engagementTriggers.templateId,
              templates.map((template) => template.id),
            ),
          )
          .orderBy(asc(engagementTriggers.id))
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    category_id: row.categoryId,
    slug: row.slug,
    image_url: row.imageUrl,
    texts: row.texts,
    repeat: row.repeat,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    sort: row.sort,
    is_enabled: row.isEnabled,
    updated_at: row.updatedAt.toISOString(),
    templates: templates
      .filter((template) => template.questId === row.id)
      .map((template) => ({
        id: template.id,
        texts: template.texts,
        reward_coins: Number(template.rewardCoinsMinor) / 100,
        triggers: triggers
          .filter((trigger) => trigger.templateId === template.id)
          .map((trigger) => ({
            id: trigger.id,
            event: trigger.event,
            rules: trigger.rules,
            expected: trigger.expected.toString(),
            min_stake_eur: trigger.minStakeEurMinor.toString(),
          })),
      })),
  }))
}

/** Everything a quest body must satisfy beyond its shape; answers the stored columns. */
async function checkedQuest(tx: Tx, kind: QuestKind, body: QuestBody, id?: number) {
  const [category] = await tx
    .select({ kind: questCategories.kind })
    .from(questCategories)
    .where(eq(questCategories.id, body.category_id))
  if (category?.kind !== kind) throw new AppError('quests.unknown_category')
  const startsAt = body.starts_at ? new Date(body.starts_at) : null
  const endsAt = body.ends_at ? new Date(body.ends_at) : null
  if (kind === 'achievement' && (body.repeat !== 'none' || startsAt || endsAt)) {
    throw new AppError('quests.invalid_schedule')
  }
  if (startsAt && endsAt && endsAt <= startsAt) throw new AppError('quests.invalid_schedule')
  for (const template of body.templates) {
    for (const trigger of template.triggers) {
      const markers = trigger.rules.filter((rule) => rule.is_progress_marker === 1)
      if (markers.length !== 1) throw new AppError('quests.progress_marker')
    }
  }
  const [taken] = await tx
    .select({ id: quests.id })
    .from(quests)
    .where(and(eq(quests.slug, body.slug), id === undefined ? undefined : ne(quests.id, id)))
  if (taken) throw new AppError('quests.slug_taken')
  return {
    categoryId: body.category_id,
    kind,
    slug: body.slug,
    imageUrl: body.image_url,
    texts: completeTexts(body.texts, QUEST_TEXT_FIELDS),
    repeat: body.repeat,
    startsAt,
    endsAt,
    sort: body.sort,
    isEnabled: body.is_enabled,
    updatedAt: new Date(),
    templates: body.templates.map((template, index) => ({
      id: template.id,
      sort: (index + 1) * 10,
      texts: completeTexts(template.texts, TEMPLATE_TEXT_FIELDS),
      rewardCoinsMinor: BigInt(Math.round(template.reward_coins * 100)),
      triggers: template.triggers.map((trigger) => ({
        id: trigger.id,
        event: trigger.event,
        rules: trigger.rules,
        expected: BigInt(trigger.expected),
        minStakeEurMinor: BigInt(trigger.min_stake_eur),
      })),
    })),
  }
}

type CheckedQuest = Awaited<ReturnType<typeof checkedQuest>>

/**
 * Writes a quest's tasks and triggers: those with an id are changed in place (the players'
 * progress in them stays), new ones are added, and those left out are deleted, unless a player
 * has progress or a reward in them (`quests.in_use`: disable the quest instead).
 */
async function writeTemplates(tx: Tx, questId: number, checked: CheckedQuest): Promise<void> {
  const existingTemplates = await tx
    .select({ id: questTemplates.id })
    .from(questTemplates)
    .where(eq(questTemplates.questId, questId))
  const templateIds = existingTemplates.map((row) => row.id)
  const existingTriggers =
    templateIds.length === 0
      ? []
      : await tx
          .select({ id: engagementTriggers.id, templateId: engagementTriggers.templateId })
          .from(engagementTriggers)
          .where(inArray(engagementTriggers.templateId, templateIds))
  for (const template of checked.templates) {
    if (template.id !== undefined && !templateIds.includes(template.id)) {
      throw new AppError('quests.not_found')
    }
    for (const trigger of template.triggers) {
      if (
        trigger.id !== undefined &&
        !existingTriggers.some((row) => row.id === trigger.id && row.templateId === template.id)
      ) {
        throw new AppError('quests.not_found')
      }
    }
  }
  const keptTemplates = new Set(checked.templates.flatMap((t) => (t.id ? [t.id] : [])))
  const keptTriggers = new Set(
    checked.templates.flatMap((t) => t.triggers.flatMap((tr) => (tr.id ? [tr.id] : []))),
  )
  const removedTemplates = templateIds.filter((id) => !keptTemplates.has(id))
  const removedTriggers = existingTriggers
    .map((row) => row.id)
    .filter((id) => !keptTriggers.has(id))
  if (removedTriggers.length > 0) {
    const [progressed] = await tx
      .select({ id: triggerProgress.triggerId })
      .from(triggerProgress)
      .where(inArray(triggerProgress.triggerId, removedTriggers))
      .limit(1)
    if (progressed) throw new AppError('quests.in_use')
  }
  if (removedTemplates.length > 0) {
    const [rewarded] = await tx
      .select({ id: templateRewards.templateId })
      .from(templateRewards)
      .where(inArray(templateRewards.templateId, removedTemplates))
      .limit(1)
    if (rewarded) throw new AppError('quests.in_use')
    await tx.delete(questTemplates).where(inArray(questTemplates.id, removedTemplates))
  }
  if (removedTriggers.length > 0) {
    await tx.delete(engagementTriggers).where(inArray(engagementTriggers.id, removedTriggers))
  }
  for (const template of checked.templates) {
    const values = {
      sort: template.sort,
      texts: template.texts,
      rewardCoinsMinor: template.rewardCoinsMinor,
    }
    let templateId = template.id
    if (templateId === undefined) {
      const [inserted] = await tx
        .insert(questTemplates)
        .values({ questId, ...values })
        .returning({ id: questTemplates.id })
      if (!inserted) throw new Error('a template insert returned nothing')
      templateId = inserted.id
    } else {
      await tx.update(questTemplates).set(values).where(eq(questTemplates.id, templateId))
    }
    for (const { id, ...trigger } of template.triggers) {
      if (id === undefined) {
        await tx.insert(engagementTriggers).values({ templateId, ...trigger })
      } else {
        await tx.update(engagementTriggers).set(trigger).where(eq(engagementTriggers.id, id))
      }
    }
  }
}

/**
 * The operators' quest, achievement and category calls (content role; the auditor reads). Every
 * change is audited in its transaction and, once committed, publishes
 * `engagement.content.changed`, which drops every instance's cached content, and `site.changed`
 * for the pages cached for visitors.
 */
export const engagementAdminRoutes: FastifyPluginAsyncZod<CoreDeps> = async (app, deps) => {
  const { db, bus } = deps
  const READ_NOTE =
    'Needs an operator with the content, auditor or admin role: 401 without an operator session, 403 without the role.'
  const ROLE_NOTE =
    'Needs an operator with the content or admin role: 401 without an operator session, 403 without the role.'
  const TEXTS_NOTE =
    '`texts` holds every one of the 16 locale prefixes with every field non-empty, else 400 `quests.texts_incomplete` (param `locale`).'
  const changed = async () => {
    await bus.publish('engagement.content.changed', {})
    await bus.publish('site.changed', { scope: 'pages' })
  }

  const categoryAnswer = async (id: number) => {
    const [row] = await db.select().from(questCategories).where(eq(questCategories.id, id))
    if (!row) throw new AppError('quests.not_found')
    return ok({ category: toOperatorCategory(row) })
  }

  app.get(
    '/admin/api/engagement/categories',
    {
      schema: {
        tags: ['operator', 'engagement'],
        summary: 'List the quest and achievement categories',
        description: `Every category, shown or not, of both kinds, in display order, with its texts per locale (a short table, read whole). ${READ_NOTE}`,
        response: { 200: OperatorCategoriesResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['content', 'auditor'])
      const rows = await db
        .select()
        .from(questCategories)
        .orderBy(asc(questCategories.kind), asc(questCategories.sort), asc(questCategories.id))
      void reply.header('cache-control', 'no-store')
      return ok({ categories: rows.map(toOperatorCategory) })
    },
  )

  app.get(
    '/admin/api/engagement/categories/:id',
    {
      schema: {
        tags: ['operator', 'engagement'],
        summary: 'One quest or achievement category',
        description: `The category as the list shows it. 404 \`quests.not_found\`. ${READ_NOTE}`,
        params: IdParamsSchema,
        response: { 200: OperatorCategoryResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['content', 'auditor'])
      void reply.header('cache-control', 'no-store')
      return categoryAnswer(request.params.id)
    },
  )

  app.post(
    '/admin/api/engagement/categories',
    {
      schema: {
        tags: ['operator', 'engagement'],
        summary: 'Create a quest or achievement category',
        description: `\`kind\` is \`quest\` or \`achievement\`. 409 \`quests.slug_taken\` when another category has the slug. ${TEXTS_NOTE} Audited. ${ROLE_NOTE}`,
        body: CategoryCreateSchema,
        response: { 200: OperatorCategoryResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['content'])
      const body = request.body
      const texts = completeTexts(body.texts, CATEGORY_TEXT_FIELDS)
      const id = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(questCategories)
          .values({
            kind: body.kind,
            slug: body.slug,
            sort: body.sort,
            isEnabled: body.is_enabled,
            texts,
          })
          .onConflictDoNothing()
          .returning({ id: questCategories.id })
        if (!inserted) throw new AppError('quests.slug_taken')
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'quest_category.created',
          details: { id: inserted.id, kind: body.kind, slug: body.slug },
        })
        return inserted.id
      })
      await changed()
      void reply.header('cache-control', 'no-store')
      return categoryAnswer(id)
    },
  )

  app.put(
    '/admin/api/engagement/categories/:id',
    {
      schema: {
        tags: ['operator', 'engagement'],
        summary: 'Change a category',
        description: `Sets the slug, order, whether it is shown and its texts (its kind stays). 404 \`quests.not_found\`; 409 \`quests.slug_taken\`. ${TEXTS_NOTE} Audited. ${ROLE_NOTE}`,
        params: IdParamsSchema,
        body: CategoryBodySchema,
        response: { 200: OperatorCategoryResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['content'])
      const { id } = request.params
      const body = request.body
      const texts = completeTexts(body.texts, CATEGORY_TEXT_FIELDS)
      await db.transaction(async (tx) => {
        const [taken] = await tx
          .select({ id: questCategories.id })
          .from(questCategories)
          .where(and(eq(questCategories.slug, body.slug), ne(questCategories.id, id)))
        if (taken) throw new AppError('quests.slug_taken')
        const updated = await tx
          .update(questCategories)
          .set({ slug: body.slug, sort: body.sort, isEnabled: body.is_enabled, texts })
          .where(eq(questCategories.id, id))
          .returning({ id: questCategories.id })
        if (updated.length === 0) throw new AppError('quests.not_found')
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'quest_category.updated',
          details: { id, slug: body.slug, is_enabled: body.is_enabled },
        })
      })
      await changed()
      void reply.header('cache-control', 'no-store')
      return categoryAnswer(id)
    },
  )

  app.delete(
    '/admin/api/engagement/categories/:id',
    {
      schema: {
        tags: ['operator', 'engagement'],
        summary: 'Hide a category',
        description: `Disables it: its quests or achievements stop showing at once; the rows and the players’ progress stay. 404 \`quests.not_found\`. Audited. ${ROLE_NOTE}`,
        params: IdParamsSchema,
        response: { 200: OperatorCategoryResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['content'])
      const { id } = request.params
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(questCategories)
          .set({ isEnabled: false })
          .where(eq(questCategories.id, id))
          .returning({ id: questCategories.id })
        if (updated.length === 0) throw new AppError('quests.not_found')
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'quest_category.disabled',
          details: { id },
        })
      })
      await changed()
      void reply.header('cache-control', 'no-store')
      return categoryAnswer(id)
    },
  )

  // Quests and achievements share their calls; only the path and the kind differ.
  for (const [kind, path, label] of [
    ['quest', 'quests', 'quest'],
    ['achievement', 'achievements', 'achievement'],
  ] as const) {
    const tags = ['operator', 'engagement']
    const BODY_NOTE =
      kind === 'quest'
        ? 'A quest has a window (`starts_at`/`ends_at`, either null for open; the end after the start) and may repeat `daily` (UTC days) or `weekly` (ISO weeks).'
        : 'An achievement is permanent: `repeat` `none`, no dates; its templates are its tiers in order.'
    const TRIGGER_NOTE =
      'Each trigger: `event`, spec-shaped `rules` with exactly one `is_progress_marker` 1 (else 400 `quests.progress_marker`), `expected` above 0 (euro cents for an `accumulate` marker on `bet` or `deposit`, else a count), `min_stake_eur` in euro cents. A template or trigger sent with its `id` is changed in place and keeps the players’ progress; one left out is deleted, 409 `quests.in_use` when players have progress or a reward in it.'
    const answer = async (id: number) => {
      const [quest] = await loadOperatorQuests(db, kind, [id])
      if (!quest) throw new AppError('quests.not_found')
      return ok({ quest })
    }

    app.get(
      `/admin/api/${path}`,
      {
        schema: {
          tags,
          summary: `List every ${label} with its tasks and triggers`,
          description: `One page of the ${path}, shown or not, by category and order (or by \`sort\`), with texts per locale, goals and rewards (coins before the VIP multiplier). \`q\` finds words in the slug and the English title. ${READ_NOTE}`,
          querystring: OperatorQuestListQuerySchema,
          response: { 200: OperatorQuestsResponseSchema },
        },
      },
      async (request, reply) => {
        await requireOperatorRole(request, ['content', 'auditor'])
        const { items, ...paging } = pageOf(await loadOperatorQuests(db, kind), request.query, {
          searchable: (row) => [row.slug, row.texts.en?.title],
          sortValue: sortOnFields([
            'slug',
            'sort',
            'category_id',
            'starts_at',
            'ends_at',
            'updated_at',
            'is_enabled',
          ]),
        })
        void reply.header('cache-control', 'no-store')
        return ok({ quests: items, ...paging })
      },
    )

    app.get(
      `/admin/api/${path}/:id`,
      {
        schema: {
          tags,
          summary: `One ${label} with its tasks and triggers`,
          description: `The ${label} as the list shows it, shown or not. 404 \`quests.not_found\` (also for an id of the other kind). ${READ_NOTE}`,
          params: IdParamsSchema,
          response: { 200: OperatorQuestResponseSchema },
        },
      },
      async (request, reply) => {
        await requireOperatorRole(request, ['content', 'auditor'])
        void reply.header('cache-control', 'no-store')
        return answer(request.params.id)
      },
    )

    app.post(
      `/admin/api/${path}`,
      {
        schema: {
          tags,
          summary: `Create a ${label}`,
          description: `With its templates and their triggers in one body. \`category_id\` must be a ${label} category (400 \`quests.unknown_category\`). ${BODY_NOTE} (400 \`quests.invalid_schedule\`) ${TRIGGER_NOTE} 409 \`quests.slug_taken\`. ${TEXTS_NOTE} Audited. ${ROLE_NOTE}`,
          body: QuestBodySchema,
          response: { 200: OperatorQuestResponseSchema },
        },
      },
      async (request, reply) => {
        const operator = await requireOperatorRole(request, ['content'])
        const body = request.body
        if (
          body.templates.some(
            (t) => t.id !== undefined || t.triggers.some((tr) => tr.id !== undefined),
          )
        ) {
          throw new AppError('quests.not_found')
        }
        const id = await db.transaction(async (tx) => {
          const checked = await checkedQuest(tx, kind, body)
          const { templates: _, ...columns } = checked
          const [inserted] = await tx.insert(quests).values(columns).returning({ id: quests.id })
          if (!inserted) throw new Error('a quest insert returned nothing')
          await writeTemplates(tx, inserted.id, checked)
          await recordAudit(tx, request, {
            actorType: 'operator',
            actorId: operator.id,
            action: `${kind}.created`,
            details: { id: inserted.id, slug: body.slug, templates: body.templates.length },
          })
          return inserted.id
        })
        await changed()
        void reply.header('cache-control', 'no-store')
        return answer(id)
      },
    )

    app.put(
      `/admin/api/${path}/:id`,
      {
        schema: {
          tags,
          summary: `Change a ${label}`,
          description: `Replaces every field and the templates as a whole. 404 \`quests.not_found\` (also for a template or trigger id that is not this ${label}’s). ${BODY_NOTE} ${TRIGGER_NOTE} ${TEXTS_NOTE} Audited. ${ROLE_NOTE}`,
          params: IdParamsSchema,
          body: QuestBodySchema,
          response: { 200: OperatorQuestResponseSchema },
        },
      },
      async (request, reply) => {
        const operator = await requireOperatorRole(request, ['content'])
        const { id } = request.params
        const body = request.body
        await db.transaction(async (tx) => {
          const [existing] = await tx
            .select({ id: quests.id })
            .from(quests)
            .where(and(eq(quests.id, id), eq(quests.kind, kind)))
            .for('update')
          if (!existing) throw new AppError('quests.not_found')
          const checked = await checkedQuest(tx, kind, body, id)
          const { templates: _, ...columns } = checked
          await tx.update(quests).set(columns).where(eq(quests.id, id))
          await writeTemplates(tx, id, checked)
          await recordAudit(tx, request, {
            actorType: 'operator',
            actorId: operator.id,
            action: `${kind}.updated`,
            details: { id, slug: body.slug, is_enabled: body.is_enabled },
          })
        })
        await changed()
        void reply.header('cache-control', 'no-store')
        return answer(id)
      },
    )

    app.delete(
      `/admin/api/${path}/:id`,
      {
        schema: {
          tags,
          summary: `Withdraw a ${label}`,
          description: `Disables it (the pages stop showing it at once, the engine stops counting it); the rows, the players’ progress and the rewards paid stay. 404 \`quests.not_found\`. Audited. ${ROLE_NOTE}`,
          params: IdParamsSchema,
          response: { 200: OperatorQuestResponseSchema },
        },
      },
      async (request, reply) => {
        const operator = await requireOperatorRole(request, ['content'])
        const { id } = request.params
        await db.transaction(async (tx) => {
          const updated = await tx
            .update(quests)
            .set({ isEnabled: false, updatedAt: new Date() })
            .where(and(eq(quests.id, id), eq(quests.kind, kind)))
            .returning({ id: quests.id })
          if (updated.length === 0) throw new AppError('quests.not_found')
          await recordAudit(tx, request, {
            actorType: 'operator',
            actorId: operator.id,
            action: `${kind}.disabled`,
            details: { id },
          })
        })
        await changed()
        void reply.header('cache-control', 'no-store')
        return answer(id)
      },
    )
  }
}
