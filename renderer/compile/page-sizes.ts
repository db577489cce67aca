/** Page sizes (X-02, PLAT-TBL-02): a size that is not offered is inserted and the list sorted. */
export const DEFAULT_PAGE_SIZE = 10
export const DEFAULT_PAGE_SIZE_OPTIONS = [10, 20, 50, 100]

export function pageSizeOptions(options: number[] | undefined, pageSize: number): number[] {
  const list = options?.length ? [...options] : [...DEFAULT_PAGE_SIZE_OPTIONS]
  if (!list.includes(pageSize)) list.push(pageSize)
  return [...new Set(list)].sort((a, b) => a - b)
}
