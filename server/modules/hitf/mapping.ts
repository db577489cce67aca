/**
 * Field mappings at run time: each line copies the value at sourcePath (dot path into the input JSON) to
 * targetPath of the output, transformed (UPPER, LOWER, TRIM, NUMBER, STRING, VALUE_MAP through a data mapping)
 * or replaced by defaultValue when absent. Used by the gateway (request/response mapping) and the debug screen.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'

interface Line {
  sourcePath: string
  targetPath: string
  transformType: string
  dataMappingCode: string | null
  defaultValue: string | null
}

const pathOf = (path: string) => path.split('.').filter(Boolean)

export function getPath(input: unknown, path: string): unknown {
  let value: unknown = input
  for (const key of pathOf(path)) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

export function setPath(output: Record<string, unknown>, path: string, value: unknown): void {
  const keys = pathOf(path)
  let node = output
  keys.forEach((key, index) => {
    if (index === keys.length - 1) node[key] = value
    else {
      const next = node[key]
      node[key] = next !== null && typeof next === 'object' ? next : {}
      node = node[key] as Record<string, unknown>
    }
  })
}

async function valueMap(db: Db, tenantId: number, code: string) {
  const header = await sql<{ mappingId: number; defaultTarget: string | null }>`
    select mapping_id, default_target from hitf_data_mapping
    where tenant_id = ${tenantId} and mapping_code = ${code} and enabled_flag = 1`.execute(db)
  const found = header.rows[0]
  if (!found) throw badRequest(`Data mapping ${code} does not exist or is disabled: create or enable it.`)
  const lines = await sql<{ sourceValue: string; targetValue: string }>`
    select source_value, target_value from hitf_data_mapping_line where mapping_id = ${found.mappingId}`.execute(
    db,
  )
  return {
    values: new Map(lines.rows.map((line) => [line.sourceValue, line.targetValue])),
    fallback: found.defaultTarget,
  }
}

/** Applies the enabled field mapping `code` of the tenant to `input`; 400 naming the problem otherwise. */
export async function applyFieldMapping(db: Db, tenantId: number, code: string, input: unknown) {
  const header = await sql<{ mappingId: number }>`
    select mapping_id from hitf_field_mapping
    where tenant_id = ${tenantId} and mapping_code = ${code} and enabled_flag = 1`.execute(db)
  const mapping = header.rows[0]
  if (!mapping) throw badRequest(`Field mapping ${code} does not exist or is disabled: create or enable it.`)
  const { rows: lines } = await sql<Line>`
    select source_path, target_path, transform_type, data_mapping_code, default_value
    from hitf_field_mapping_line where mapping_id = ${mapping.mappingId} order by line_num, line_id`.execute(
    db,
  )
  const output: Record<string, unknown> = {}
  for (const line of lines) {
    let value = getPath(input, line.sourcePath)
    if (value === undefined || value === null || value === '') value = line.defaultValue ?? value
    if (value === undefined) continue
    switch (line.transformType) {
      case 'UPPER':
        value = String(value).toUpperCase()
        break
      case 'LOWER':
        value = String(value).toLowerCase()
        break
      case 'TRIM':
        value = String(value).trim()
        break
      case 'STRING':
        value = value === null ? null : String(value)
        break
      case 'NUMBER': {
        const number = Number(value)
        if (!Number.isFinite(number))
          throw badRequest(
            `Mapping ${code}: ${line.sourcePath} = ${JSON.stringify(value)} is not a number: send a number there, or change the mapping line.`,
          )
        value = number
        break
      }
      case 'VALUE_MAP': {
        if (!line.dataMappingCode)
          throw badRequest(
            `Mapping ${code}: line ${line.sourcePath} uses VALUE_MAP without a data mapping: pick a data mapping on that line.`,
          )
        const map = await valueMap(db, tenantId, line.dataMappingCode)
        const mapped = map.values.get(String(value)) ?? map.fallback
        if (mapped === null || mapped === undefined)
          throw badRequest(
            `Mapping ${code}: value ${JSON.stringify(value)} of ${line.sourcePath} has no entry in data mapping ${line.dataMappingCode} and no default: add the value to the data mapping or give it a default.`,
          )
        value = mapped
        break
      }
    }
    setPath(output, line.targetPath, value)
  }
  return output
}
