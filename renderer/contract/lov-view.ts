/**
 * Wire shapes of the value-list pickers (Lov, MulLov): GET /hpfm/v1/{tenantId}/lov-view/info?viewCode= answers a
 * LovView (spec/wire-contract.md "Value lists"; CORE-DATA-09). Pure, shared by the server and the browser.
 */

/** IDP: an independent value set; SQL: a query defined on the server; URL: any list endpoint (queryUrl). */
export type LovTypeCode = 'IDP' | 'SQL' | 'URL'
export const LOV_TYPE_CODES: LovTypeCode[] = ['IDP', 'SQL', 'URL']

/** How a query field is searched: SELECT (value set `sourceCode`), dates, numbers, else text. */
export type LovDataType = 'STRING' | 'SELECT' | 'LOV_CODE' | 'DATE' | 'DATETIME' | 'INT' | 'NUMBER' | 'IMAGE'

export interface LovQueryField {
  field: string
  label: string
  dataType: LovDataType
  /** Value-set code of a SELECT field. */
  sourceCode?: string
}

export interface LovTableField {
  title: string
  dataIndex: string
  width?: number
  /** IMAGE cells show the value as an image (CORE-LOV-09). */
  dataType: LovDataType
}

export interface LovView {
  viewCode: string
  viewName: string
  lovCode: string
  lovName: string
  lovTypeCode: LovTypeCode
  /** Service path of the list, e.g. `/hpfm/v1/{organizationId}/lovs/data`; placeholders filled by the client. */
  queryUrl: string
  /** Default GET (CORE-LOV-11). */
  requestMethod: 'GET' | 'POST'
  /** Row field stored as the value. */
  valueField: string
  /** Row field shown to the user. */
  displayField: string
  title: string
  /** Popup width; 720 (LOV_MODAL_WIDTH, CORE-LOV-03) unless an administrator set another on the view. */
  width: number
  height?: number
  /** Popup page size (X-03: 50 unless the view says otherwise). */
  pageSize: number
  delayLoadFlag: 0 | 1
  childrenFieldName?: string
  queryFields: LovQueryField[]
  tableFields: LovTableField[]
}

/** The popup's width and page sizes when the view does not say (CORE-LOV-03, CORE-LOV-04). */
export const LOV_MODAL_WIDTH = 720
export const LOV_PAGE_SIZE = 50
export const LOV_PAGE_SIZE_OPTIONS = [10, 20, 50]

/**
 * Query parameters a picker query always may send besides the view's query fields (CORE-LOV-12):
 * `keyword` is the text typed into the picker, searched in every keyword field of the view (prefix matches
 * first); `ids` (comma-joined values of the value field) names the rows of those values, for read-only cells.
 */
export const LOV_RESERVED_PARAMS = ['lovCode', 'page', 'size', 'lang', 'keyword', 'ids'] as const

/** At most this many ids in one `ids` request. */
export const LOV_IDS_MAX = 200

/**
 * The fields the typed text (`keyword`) is searched in: the view's text query fields (a view declares what is
 * searched by listing them), else its display field. SELECT, number and date fields take a value, not a text.
 */
export function keywordFields(view: {
  displayField: string
  queryFields: Array<{ field: string; dataType: LovDataType; matchMode?: string }>
}): string[] {
  const text = view.queryFields
    .filter((q) => (q.dataType === 'STRING' || q.dataType === 'LOV_CODE') && q.matchMode !== 'exact')
    .map((q) => q.field)
  return text.length ? text : [view.displayField]
}
