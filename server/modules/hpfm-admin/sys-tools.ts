/**
 * /hpfm/sys-tools: housekeeping an administrator runs by hand. Each tool does real work on the tenant's data
 * (or the database's statistics) and answers what it did; nothing is simulated.
 */
import { sql } from 'kysely'
import type { Db, Texts } from '../../db/schema.ts'
import type { Session } from '../../types.ts'

export interface SysTool {
  toolCode: string
  toolName: Texts
  description: Texts
  run(db: Db, session: Session, now: number): Promise<string>
}

const DAY = 24 * 60 * 60 * 1000

export const SYS_TOOLS: SysTool[] = [
  {
    toolCode: 'PURGE_ENDED_SESSIONS',
    toolName: { zh_CN: '清理失效会话', en_US: 'Purge ended sessions', zh_TW: '清理失效會話' },
    description: {
      zh_CN: '删除本租户已注销、被踢出或已过期的访问令牌记录（在线会话不受影响）',
      en_US: "Deletes the tenant's signed-out, kicked-off and expired tokens (live sessions are kept)",
      zh_TW: '刪除本租戶已登出、被踢出或已過期的存取權杖記錄（線上會話不受影響）',
    },
    async run(db, session, now) {
      const result = await sql`delete from oauth_token where tenant_id = ${session.tenantId}
        and (status <> 'live' or expires_at <= ${now})`.execute(db)
      return `Deleted ${Number(result.numAffectedRows ?? 0)} ended session(s).`
    },
  },
  {
    toolCode: 'PURGE_OLD_CODE_COUNTERS',
    toolName: { zh_CN: '清理历史编码计数', en_US: 'Purge old code counters', zh_TW: '清理歷史編碼計數' },
    description: {
      zh_CN: '删除 90 天前各编码规则的按日计数器（不影响今天及以后生成的编号）',
      en_US: "Deletes the code rules' daily counters older than 90 days (today's numbering is not affected)",
      zh_TW: '刪除 90 天前各編碼規則的按日計數器（不影響今天及以後產生的編號）',
    },
    async run(db, session, now) {
      const limit = new Date(now - 90 * DAY).toISOString().slice(0, 10).replace(/-/g, '')
      const result = await sql`delete from hpfm_code_rule_sequence where tenant_id = ${session.tenantId}
        and period <> 'all' and period < ${limit}`.execute(db)
      return `Deleted ${Number(result.numAffectedRows ?? 0)} counter(s) older than ${limit}.`
    },
  },
  {
    toolCode: 'PURGE_FAILED_EXPORTS',
    toolName: {
      zh_CN: '清理失败的导出任务',
      en_US: 'Purge failed export tasks',
      zh_TW: '清理失敗的匯出任務',
    },
    description: {
      zh_CN: '删除本租户 7 天前失败或已取消的异步导出任务记录',
      en_US: "Deletes the tenant's failed or cancelled export tasks older than 7 days",
      zh_TW: '刪除本租戶 7 天前失敗或已取消的非同步匯出任務記錄',
    },
    async run(db, session, now) {
      const before = new Date(now - 7 * DAY)
      const result = await sql`delete from hpfm_export_task where tenant_id = ${session.tenantId}
        and state in ('FAILED', 'CANCELLED') and creation_date < ${before}`.execute(db)
      return `Deleted ${Number(result.numAffectedRows ?? 0)} export task(s).`
    },
  },
  {
    toolCode: 'REFRESH_STATISTICS',
    toolName: {
      zh_CN: '刷新数据库统计信息',
      en_US: 'Refresh database statistics',
      zh_TW: '重新整理資料庫統計資訊',
    },
    description: {
      zh_CN: '对数据库执行 ANALYZE，让查询计划反映最新数据量（大批量导入后运行）',
      en_US: 'Runs ANALYZE so query plans reflect the current data volume (run after large imports)',
      zh_TW: '對資料庫執行 ANALYZE，讓查詢計畫反映最新資料量（大量匯入後執行）',
    },
    async run(db) {
      const started = Date.now()
      await sql`analyze`.execute(db)
      return `Statistics refreshed in ${Date.now() - started} ms.`
    },
  },
]
