/**
 * Demo messages of a fresh install (hmsg screens): one published notice of tenant 1 with its user messages,
 * so the notice and message detail screens open on real rows (smoke e2e samples: noticeId 1000,
 * userMessageId 1000, type NOTICE), and the row of the demo document of the online editor (fileId 1; its bytes
 * are written by the hfle module on start). Written as publishing would write them; no socket is open at seed time.
 */
import type { Db } from '../db/schema.ts'
import { DEMO_DOCUMENT } from '../modules/hfle/demo-document.ts'

export async function seedDemoMessages(db: Db): Promise<void> {
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ')
  const notice = await db
    .insertInto('hmsgNotice')
    .values({
      tenantId: 1,
      title: '系统上线通知 / The system is live',
      noticeBody:
        '仓储管理平台已上线，请各仓库按新流程收发货。\nThe warehouse platform is live: receive and ship with the new flow.',
      receiverScope: 'ALL',
      receiverUserIds: '[]',
      statusCode: 'PUBLISHED',
      publishedDate: now,
      publishedBy: 1,
      createdBy: 1,
      creationDate: now,
      lastUpdatedBy: 1,
      lastUpdateDate: now,
    })
    .returning(['noticeId', 'title', 'noticeBody'])
    .executeTakeFirstOrThrow()
  const members = await db
    .selectFrom('iamMemberRole as m')
    .innerJoin('iamRole as r', 'r.id', 'm.roleId')
    .select('m.userId')
    .distinct()
    .where('r.tenantId', '=', 1)
    .orderBy('m.userId')
    .execute()
  for (const { userId } of members)
    await db
      .insertInto('hmsgUserMessage')
      .values({
        tenantId: 1,
        userId,
        messageTypeCode: 'NOTICE',
        noticeId: notice.noticeId,
        subject: notice.title,
        content: notice.noticeBody,
        senderId: 1,
        creationDate: now,
      })
      .execute()
}

export async function seedDemoDocument(db: Db): Promise<void> {
  const { content: _content, ...row } = DEMO_DOCUMENT
  await db
    .insertInto('hfleFile')
    .values({ ...row, attachmentUuid: null, createdBy: 1 })
    .execute()
}
