import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Db, Texts } from '../db/schema.ts'
import { seedDataDir } from './data.ts'

/** server/seed/data/data-hierarchies.json: levels and values per tenant, and who sees the header switcher. */
export interface SeedDataHierarchies {
  /** Login names whose dataHierarchyFlag is turned on. */
  enabledUsers: string[]
  tenants: Array<{
    tenantId: number
    levels: Array<{
      code: string
      name: Texts
      displayStyle: 'SELECT' | 'MODAL'
      parentCode?: string
      values: Array<{ value: string; meaning: Texts; parentValue?: string }>
    }>
  }>
}

export const readSeedDataHierarchies = (): SeedDataHierarchies =>
  JSON.parse(readFileSync(join(seedDataDir, 'data-hierarchies.json'), 'utf8')) as SeedDataHierarchies

/** Levels are inserted parents first (the file lists them so), values after their level. */
export async function seedDataHierarchies(db: Db, seed = readSeedDataHierarchies()): Promise<void> {
  for (const { tenantId, levels } of seed.tenants) {
    for (const [index, level] of levels.entries()) {
      await db
        .insertInto('hpfmDataHierarchy')
        .values({
          tenantId,
          code: level.code,
          names: JSON.stringify(level.name),
          parentCode: level.parentCode ?? null,
          displayStyle: level.displayStyle,
          orderSeq: (index + 1) * 10,
        })
        .execute()
      await db
        .insertInto('hpfmDataHierarchyValue')
        .values(
          level.values.map((v, i) => ({
            tenantId,
            hierarchyCode: level.code,
            value: v.value,
            meanings: JSON.stringify(v.meaning),
            parentValue: v.parentValue ?? null,
            orderSeq: (i + 1) * 10,
          })),
        )
        .execute()
    }
  }
  if (seed.enabledUsers.length)
    await db
      .updateTable('iamUser')
      .set({ dataHierarchyFlag: 1 })
      .where('loginName', 'in', seed.enabledUsers)
      .execute()
}
