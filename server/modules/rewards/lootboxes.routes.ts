import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { RewardsDeps } from './rewards.plugin.ts'

// PLACEHOLDER: filled by its part of issue 24.
export const lootboxRoutes: FastifyPluginAsyncZod<RewardsDeps> = async () => {}
