/**
 * Outbound video retrospect: the playback link of a record is the video platform's template
 * (`playbackUrlTemplate` with {channel}, {start}, {end}) filled with the record's camera channel and window.
 * POST outbound-video-records/{id}/playback builds it, keeps it on the record and answers it.
 */
import { Type } from '@sinclair/typebox'
import { sql } from 'kysely'
import type { TypedPlugin } from '../../type-provider.ts'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { badRequest } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { modelDb } from '../models/model-scope.ts'
import { getRow } from '../models/model-write.ts'
import { NoBody } from '../../schemas.ts'

export const PLAYBACK_PERMISSION = 'wmdm.outboundVidRetrospect.button.playback'

/** `2026-11-19 10:02:11` → `20261119100211` (the compact form NVR playback URLs take). */
const compact = (datetime: string) => datetime.replace(/\D/g, '').slice(0, 14)

export function fillPlaybackTemplate(template: string, channel: string, start: string, end: string) {
  const values: Record<string, string> = { channel, start: compact(start), end: compact(end) }
  return template.replace(/\{(channel|start|end)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  )
}

const IdParams = Type.Object({ tenantId: Type.Integer({ minimum: 0 }), id: Type.Integer({ minimum: 1 }) })

export function playbackRoutes(models: {
  record: ModelSchema
  equipment: ModelSchema
  platform: ModelSchema
}): TypedPlugin {
  return async (app) => {
    app.post(
      '/api/wms/v1/:tenantId/outbound-video-records/:id/playback',
      {
        config: { fieldRules: { answers: [{ model: 'wms/outbound-video-record' }] } },
        preHandler: requirePermission(PLAYBACK_PERMISSION),
        schema: { body: NoBody, params: IdParams },
      },
      async (request) => {
        const session = sessionOf(request)
        const { id } = request.params
        const record = await getRow(app.db, models.record, session, id)
        const db = modelDb(app.db)
        const equipment = await db
          .selectFrom(models.equipment.table)
          .selectAll()
          .where('tenantId', '=', session.tenantId)
          .where('equipmentCode', '=', record.equipmentCode as string)
          .executeTakeFirst()
        if (!equipment)
          throw badRequest(
            `Video equipment ${String(record.equipmentCode)} does not exist: register it on /wmdm/video-equipment/create.`,
            { equipmentCode: 'unknown video equipment' },
          )
        const platform = await db
          .selectFrom(models.platform.table)
          .selectAll()
          .where('tenantId', '=', session.tenantId)
          .where('videoPlatformCode', '=', equipment.videoPlatformCode as string)
          .where('enabledFlag', '=', 1)
          .executeTakeFirst()
        if (!platform)
          throw badRequest(
            `Video platform ${String(equipment.videoPlatformCode)} of ${String(record.equipmentCode)} does not exist or is disabled: check it on /wmdm/video-platform.`,
            { videoPlatformCode: 'unknown or disabled video platform' },
          )
        const playbackUrl = fillPlaybackTemplate(
          String(platform.playbackUrlTemplate),
          String(equipment.channelNo),
          String(record.startTime),
          String(record.endTime),
        )
        await db
          .updateTable(models.record.table)
          .set({ playbackUrl, lastUpdatedBy: session.userId, lastUpdateDate: sql`localtimestamp(0)` })
          .where(models.record.primaryKey, '=', id)
          .where('tenantId', '=', session.tenantId)
          .execute()
        return { recordId: id, playbackUrl }
      },
    )
  }
}
