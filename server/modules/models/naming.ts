/** warehouseCode → warehouse_code (model field names are checked to be camelCase ASCII). */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
}

/** Columns every model table has besides its fields; the server maintains them. */
export const SYSTEM_FIELDS = [
  'tenantId',
  'objectVersionNumber',
  'creationDate',
  'createdBy',
  'lastUpdateDate',
  'lastUpdatedBy',
] as const
