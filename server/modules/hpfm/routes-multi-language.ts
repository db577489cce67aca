/**
 * GET /hpfm/v1/multi-language?_token=&fieldName= (PLAT-I18N-06, wire contract "Value lists") →
 * `[{code, name, value}]` per supported language.
 * DESIGN: `_token` names the record as `<model key>:<id>`, the key being the model file's name as pages write it
 * (`wms/goods-category:12`, renderer/schema/model.ts modelKey); HZERO's is an opaque encrypted token; ours is
 * plain because access is checked here: the record must be visible to the caller, or the answer is 404.
 */
import { Type } from '@sinclair/typebox'
import type { TypedPlugin } from '../../type-provider.ts'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { badRequest, notFound } from '../../errors.ts'
import { sessionOf } from '../../plugins/permissions.ts'
import { modelIndex } from '../models/model-index.ts'
import { getRow } from '../models/model-write.ts'
import { readTranslations } from './translations.ts'

const Query = Type.Object({
  _token: Type.String({ pattern: '^[a-z][a-z0-9-]*/[a-zA-Z][A-Za-z0-9-]*:\\d+$', maxLength: 200 }),
  fieldName: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', maxLength: 63 }),
})

export function multiLanguageRoutes(models: readonly ModelSchema[]): TypedPlugin {
  return async (app) => {
    app.get('/api/hpfm/v1/multi-language', { schema: { querystring: Query } }, async (request) => {
      const session = sessionOf(request)
      const { _token: token, fieldName } = request.query
      const [ref = '', id = ''] = token.split(':')
      // One key: the model file's name (the multi-language input sends its page's dataSource.model).
      // The models in service now (a model file saved while the server runs counts at once).
      const model = modelIndex(models).get(ref)
      if (!model)
        throw notFound(
          `_token '${token}' names no model: use <model file under schemas/models>:<id>, e.g. wms/goods-category:12.`,
        )
      const field = model.fields.find((f) => f.name === fieldName)
      if (!field?.multiLanguage) {
        throw badRequest(
          `${model.entity}.${fieldName} is not a multi-language field: mark it multiLanguage in the model.`,
        )
      }
      await getRow(app.db, model, session, Number(id))
      return readTranslations(app.db, session.tenantId, model.table, Number(id), fieldName)
    })
  }
}
