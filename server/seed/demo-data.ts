import type { ModelSchema } from '../../renderer/schema/model.ts'
import type { Session } from '../types.ts'

/** Deterministic demo rows so a fresh install has screens worth looking at. */
const cities = ['上海', '杭州', '南京', '苏州', '宁波', '合肥', '无锡', '温州', '常州', '嘉兴']
const southCities = ['广州', '深圳', '东莞', '佛山', '厦门', '福州']
const types = ['NORMAL', 'NORMAL', 'BONDED', 'COLD', 'VIRTUAL']
const surnames = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄']

export function demoWarehouses(tenant: 'east' | 'south'): Array<Record<string, unknown>> {
  const count = tenant === 'east' ? 30 : 12
  const places = tenant === 'east' ? cities : southCities
  return Array.from({ length: count }, (_, i) => {
    const city = places[i % places.length]!
    const n = Math.floor(i / places.length) + 1
    return {
      warehouseCode: `${tenant === 'east' ? 'WH-E' : 'WH-S'}${String(i + 1).padStart(3, '0')}`,
      warehouseName: `${city}${['一', '二', '三', '四'][n - 1] ?? n}号仓`,
      warehouseType: types[i % types.length],
      address: `${city}市物流园区${i + 1}号`,
      contactName: `${surnames[i % surnames.length]}经理`,
      contactPhone: `138${String(10000000 + i * 7919).slice(0, 8)}`,
      area: 1200 + ((i * 373) % 9000) + 0.5,
      enabledFlag: i % 7 === 6 ? 0 : 1,
      remark: i % 4 === 0 ? '重点仓库' : null,
    }
  })
}

const statuses = ['NEW', 'SUBMITTED', 'SHIPPED', 'NEW', 'CANCELLED']

/**
 * 25 dealer orders of tenant 1: odd ones by the dealer (jxs), even ones by admin. Two of admin's name a customer
 * of master data (customerCode: the seed sets customerId and its name), one granted to the clerk, one not.
 */
export function demoOrders(): Array<{
  by: 'jxs' | 'admin'
  customerCode?: string
  row: Record<string, unknown>
}> {
  return Array.from({ length: 25 }, (_, i) => ({
    by: i % 2 === 0 ? 'jxs' : 'admin',
    ...(i === 1 ? { customerCode: 'CUS-001' } : i === 3 ? { customerCode: 'CUS-002' } : {}),
    row: {
      customerName: `${cities[i % cities.length]}客户${i + 1}`,
      receiverName: `${surnames[(i + 3) % surnames.length]}先生`,
      receiverPhone: `139${String(20000000 + i * 4111).slice(0, 8)}`,
      receiverAddress: `${cities[(i + 2) % cities.length]}市中山路${100 + i}号`,
      expectedDate: `2026-12-${String((i % 28) + 1).padStart(2, '0')}`,
      orderStatus: statuses[i % statuses.length],
      totalQuantity: 10 + i * 3.5,
      remark: i % 5 === 0 ? '加急' : null,
    },
  }))
}

export const findModel = (models: ModelSchema[], entity: string) =>
  models.find((model) => model.entity === entity)

export const seedSession = (userId: number, tenantId: number, roleId: number, roleCode: string): Session => ({
  userId,
  tenantId,
  roleId,
  roleCode,
  roleLevel: 'organization',
  language: 'zh_CN',
  tokenHash: '',
})
