/**
 * The demo document of a fresh install (the online editor's sample): the seed writes its row, and since the
 * seed cannot reach the file store, the hfle module writes its bytes when it starts and finds them missing.
 */
import { Readable } from 'node:stream'
import type { Db } from '../../db/schema.ts'
import type { FileStore } from './file-store.ts'
import { fileUrlOf } from './receive-upload.ts'

const uuid = '5e1f0c2a-7d3b-4c8e-9a61-0d4b2f6e8a10'
const fileName = 'warehouse-handbook.html'
const content = `<h1>仓库作业手册 / Warehouse handbook</h1>
<p>收货：核对送货单与采购订单，质检合格后上架。</p>
<p>Receiving: check the delivery note against the order, put away after inspection.</p>
`

export const DEMO_DOCUMENT = {
  tenantId: 1,
  bucketName: 'wms-docs',
  directory: 'manuals',
  fileName,
  fileUrl: fileUrlOf('wms-docs', 'manuals', uuid, fileName),
  storageKey: `1/wms-docs/${uuid}`,
  fileSize: Buffer.byteLength(content),
  contentType: 'text/html',
  content,
}

/** Writes the demo document's bytes when its row exists and the store lacks them. */
export async function ensureDemoDocument(db: Db, files: FileStore): Promise<void> {
  const row = await db
    .selectFrom('hfleFile')
    .select('id')
    .where('storageKey', '=', DEMO_DOCUMENT.storageKey)
    .executeTakeFirst()
  if (!row || (await files.size(DEMO_DOCUMENT.storageKey)) !== undefined) return
  await files.put(DEMO_DOCUMENT.storageKey, Readable.from(Buffer.from(DEMO_DOCUMENT.content)))
}
