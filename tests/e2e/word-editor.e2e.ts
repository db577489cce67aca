/**
 * The online document editor (/hfile/file-aggregate/word-editor/{fileId}) on a Word .docx: a document built
 * with the docx library is uploaded, opens with its formatting under the warning of what saving keeps, is edited
 * by typing and saved, and the new version is a .docx that mammoth reads with the edit (the old one kept).
 */
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx'
import mammoth from 'mammoth'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessToken, launch, openSession, signIn } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

type Row = Record<string, unknown>

describe('the document editor on a Word .docx (hfile word-editor)', () => {
  it('opens a .docx with its formatting and a warning, saves a typed edit as a new .docx version', async () => {
    const { context, page, problems } = await openSession(browser, 'en-US')
    await signIn(page, 'admin', 'Admin@123')
    await page.waitForURL('**/workplace')
    const token = await accessToken(context)
    const headers = { authorization: `bearer ${token}` }

    const docx = await Packer.toBuffer(
      new Document({
        sections: [
          {
            children: [
              new Paragraph({ text: 'Dock rules', heading: HeadingLevel.HEADING_1 }),
              new Paragraph({
                children: [new TextRun({ text: 'Trucks', bold: true }), new TextRun(' use dock 3.')],
              }),
              new Paragraph({ text: 'Book ahead', bullet: { level: 0 } }),
            ],
          },
        ],
      }),
    )
    const uploaded = await page.request.post('/api/hfle/v1/1/files/multipart', {
      headers,
      multipart: {
        bucketName: 'e2e-docx',
        file: {
          name: 'e2e-dock-rules.docx',
          mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          buffer: docx,
        },
      },
    })
    expect(uploaded.status(), await uploaded.text()).toBe(200)
    const versions = async () =>
      (
        (await (
          await page.request.get('/api/hfle/v1/1/file-aggregates?fileName=e2e-dock-rules.docx', { headers })
        ).json()) as Row
      ).content as Row[]
    const [original] = await versions()
    expect(original).toBeDefined()

    await page.goto(`/hfile/file-aggregate/word-editor/${String(original!.fileId)}`)
    // The rich-text area (labelled by its form item), not the link address box of the toolbar.
    const area = page.locator('.wms-document-editor [role="textbox"][contenteditable="true"]')
    await expect.poll(() => area.locator('h1').textContent()).toBe('Dock rules')
    expect(await area.locator('strong').textContent()).toBe('Trucks')
    expect(await area.locator('ul > li').textContent()).toBe('Book ahead')
    const warning = page.getByRole('alert').filter({ hasText: 'This is a Word document' })
    await expect
      .poll(() => warning.textContent())
      .toContain('Not kept from the original: fonts, colours, sizes')

    // Type at the end of the heading, then save.
    await area.locator('h1').click()
    await page.keyboard.press('End')
    await page.keyboard.type(' (edited in the browser)')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect.poll(async () => (await versions()).length).toBe(2)

    const latest = (await versions()).find((row) => row.fileId !== original!.fileId)!
    const download = await page.request.get(
      `/api/hfle/v1/1/files/download?url=${encodeURIComponent(String(latest.fileUrl))}`,
      { headers },
    )
    expect(download.status()).toBe(200)
    const html = (await mammoth.convertToHtml({ buffer: await download.body() })).value
    expect(html).toContain('<h1>Dock rules (edited in the browser)</h1>')
    expect(html).toContain('<strong>Trucks</strong> use dock 3.')
    expect(html).toContain('<ul><li>Book ahead</li></ul>')
    const log = (await (
      await page.request.get('/api/hfle/v1/1/file-edit-logs?fileName=e2e-dock-rules.docx', { headers })
    ).json()) as Row
    expect((log.content as Row[]).map((row) => row.action)).toEqual(['EDIT'])
    expect(problems).toEqual([])
  })
})
