/** The import page's own words in the three languages. */
import type { Language } from '../../renderer/index'

const TEXTS = {
  download: ['下载模板', 'Download template', '下載模板'],
  upload: ['上传并校验', 'Upload and check', '上傳並校驗'],
  import: ['导入有效行', 'Import valid rows', '導入有效行'],
  fix: ['修正', 'Fix', '修正'],
  save: ['保存并重新校验', 'Save and check again', '保存並重新校驗'],
  all: ['全部', 'All', '全部'],
  row: ['行号', 'Row', '行號'],
  status: ['状态', 'Status', '狀態'],
  errors: ['错误', 'Errors', '錯誤'],
  total: ['总行数', 'Rows', '總行數'],
  imported: ['已导入', 'Imported', '已導入'],
  file: ['文件', 'File', '文件'],
  target: ['目标', 'Target', '目標'],
  VALID: ['校验通过', 'Valid', '校驗通過'],
  ERROR: ['有错误', 'Error', '有錯誤'],
  IMPORTED: ['已导入', 'Imported', '已導入'],
  VALIDATED: ['已校验', 'Validated', '已校驗'],
  IMPORTING: ['导入中', 'Importing', '導入中'],
  FAILED: ['导入失败', 'Failed', '導入失敗'],
  hint: [
    '上传 .xlsx 文件(不超过 10 MB)。每一行都按目标模型的规则校验；导入时所有有效行在一个事务中写入，有错误的行保留在列表中，可修正后再导入。',
    "Upload an .xlsx file (at most 10 MB). Every row is checked by the target model's rules; Import writes all valid rows in one transaction, rows with errors stay listed to be fixed and imported later.",
    '上傳 .xlsx 文件(不超過 10 MB)。每一行都按目標模型的規則校驗；導入時所有有效行在一個事務中寫入，有錯誤的行保留在列表中，可修正後再導入。',
  ],
  done: ['导入完成', 'Import finished', '導入完成'],
  noTemplate: ['导入模板不可用', 'The import template is not available', '導入模板不可用'],
  actions: ['操作', 'Actions', '操作'],
  missingTemplate: ['没有这个导入模板', 'No import template of this code', '沒有這個導入模板'],
  missingImport: ['没有这个导入批次', 'No import of this batch', '沒有這個導入批次'],
} as const

export type ImportTextKey = keyof typeof TEXTS
const INDEX: Record<Language, number> = { zh_CN: 0, en_US: 1, zh_TW: 2 }
export const importText = (language: Language) => (key: ImportTextKey) =>
  TEXTS[key][INDEX[language] ?? 1] ?? TEXTS[key][1]
