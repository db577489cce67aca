/**
 * The data hierarchy in Chromium on the real server (CORE-USR-02…05): no call for a user without the flag; the
 * admin's header switcher saves a choice on the server and the app reloads at the root showing it.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, openSession, signIn } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

describe('data hierarchy switcher (CORE-USR-02…05)', () => {
  it('CORE-USR-02: a user without the flag causes no /data-hierarchies request', async () => {
    const { page, context } = await openSession(browser, 'en-US')
    const urls: string[] = []
    page.on('request', (request) => urls.push(request.url()))
    await signIn(page, 'clerk', 'Clerk@123')
    await page.getByRole('button', { name: 'Tenant' }).waitFor()
    await page.reload()
    await page.getByRole('button', { name: 'Tenant' }).waitFor()
    expect(urls.some((url) => url.includes('/users/self'))).toBe(true)
    expect(urls.filter((url) => url.includes('/data-hierarchies'))).toEqual([])
    expect(await page.getByRole('group', { name: 'Data hierarchy' }).count()).toBe(0)
    await context.close()
  })

  it('CORE-USR-04/05: the admin chooses a company; saved, reloaded at the root, shown after the reload', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    await signIn(page, 'admin', 'Admin@123')
    await page.waitForURL('**/workplace')
    const group = page.getByRole('group', { name: 'Data hierarchy' })
    await group.getByRole('combobox', { name: 'Company' }).click()
    const saved = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().includes('/data-hierarchies/switch?dataHierarchyCode=COMPANY'),
    )
    const reloaded = page.waitForEvent('load')
    await page.getByTitle('Ningbo Port Storage Co.').click()
    expect((await saved).url()).toContain('dataHierarchyValue=C-NB')
    await reloaded
    await page.waitForURL('**/workplace')
    await expect
      .poll(() => page.getByRole('group', { name: 'Data hierarchy' }).innerText())
      .toContain('Ningbo Port Storage Co.')

    // the warehouse dialog lists only the warehouses of the chosen company's organisation
    await page
      .getByRole('group', { name: 'Data hierarchy' })
      .getByRole('combobox', { name: 'Inventory organisation' })
      .click()
    await page.getByTitle('Beilun inventory org').click()
    await page.waitForEvent('load')
    await page.getByRole('button', { name: 'Choose data hierarchy' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('combobox', { name: 'Warehouse' }).click()
    await expect.poll(() => page.getByTitle('Beilun port warehouse').isVisible()).toBe(true)
    expect(await page.getByTitle('Pudong cold store 1').count()).toBe(0)
    await page.keyboard.press('Escape')
    expect(problems).toEqual([])
    await context.close()
  })
})
