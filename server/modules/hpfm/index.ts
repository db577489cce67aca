import type { FastifyPluginAsync } from 'fastify'
import { dataHierarchyRoutes } from './routes-data-hierarchies.ts'
import { dynamicFormRoutes } from './dynamic-forms.ts'
import { generalTemplateRoutes } from './routes-general-templates.ts'
import { lovRoutes } from './routes-lovs.ts'
import { promptRoutes } from './routes-prompts.ts'

/**
 * Platform basics: value sets, prompts (translations), data hierarchies, general templates rendered, dynamic form
 * definitions. Code rules are a function (code-rules.ts).
 */
export const hpfmModule: FastifyPluginAsync = async (app) => {
  await app.register(lovRoutes)
  await app.register(promptRoutes)
  await app.register(dataHierarchyRoutes)
  await app.register(generalTemplateRoutes)
  await app.register(dynamicFormRoutes)
}
