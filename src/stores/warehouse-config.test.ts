import { describe, expect, it } from 'vitest'
import type { CurrentUser } from '../../renderer/contract/wire'
import type { HttpClient } from '../http/http-client'
import { defaultWarehouse, flaggedDefaultWarehouse, loadWarehouseConfig, stepOf } from './warehouse-config'

const user = { tenantId: 1, currentRoleLevel: 'organization' } as CurrentUser
const answers: Record<string, unknown> = {
  '/v1/1/warehouses/query-default-warehourse-permissions': {
    orgList: [{ invOrganizationId: 1, invOrganizationCode: 'ORG-EAST', invOrganizationName: '华东' }],
    ownerList: [{ ownerId: 1, ownerCode: 'OWN-A', ownerName: 'A' }],
    warehouseList: [
      { warehouseId: 1, warehouseCode: 'WH-E001', warehouseName: '一', quantityPrecision: 3, defaultFlag: 0 },
      { warehouseId: 3, warehouseCode: 'WH-E003', warehouseName: '三', quantityPrecision: 2, defaultFlag: 1 },
    ],
  },
  '/v1/1/wms-common/query-digital-accuracy': { warehouseId: 3, precision: 2, step: 0.01 },
}
const http = (fail = false) =>
  ({
    request: async ({ path }: { path: string }) => {
      if (fail) throw new Error('down')
      return answers[path]
    },
  }) as unknown as HttpClient

describe('warehouse config (CORE-DATA-03)', () => {
  it('step is 1 / 10^precision', () => {
    expect([0, 1, 2, 3, 6].map(stepOf)).toEqual([1, 0.1, 0.01, 0.001, 0.000001])
  })

  it('loads precision, step and the default warehouse permissions of the session', async () => {
    const config = await loadWarehouseConfig(http(), user)
    expect(config).toMatchObject({ precision: 2, step: 0.01 })
    expect(config?.warehouseList.map((w) => w.warehouseCode)).toEqual(['WH-E001', 'WH-E003'])
    expect(config?.orgList[0]?.invOrganizationCode).toBe('ORG-EAST')
    expect(config && defaultWarehouse(config)?.warehouseCode).toBe('WH-E003')
  })

  it('create forms pre-fill only a warehouse flagged default (not the first one of a user without one)', async () => {
    const config = await loadWarehouseConfig(http(), user)
    expect(flaggedDefaultWarehouse(config)).toEqual({
      warehouseId: 3,
      warehouseCode: 'WH-E003',
      warehouseName: '三',
    })
    const none = config && {
      ...config,
      warehouseList: config.warehouseList.map((w) => ({ ...w, defaultFlag: 0 as const })),
    }
    expect(none && defaultWarehouse(none)?.warehouseCode).toBe('WH-E001')
    expect(flaggedDefaultWarehouse(none)).toBeUndefined()
    expect(flaggedDefaultWarehouse(null)).toBeUndefined()
  })

  it('is null for a site-level role and when the warehouse service fails', async () => {
    expect(await loadWarehouseConfig(http(), { ...user, currentRoleLevel: 'site' })).toBeNull()
    expect(await loadWarehouseConfig(http(true), user)).toBeNull()
  })
})
