/**
 * The handheld's scan station (widgets/scan-station) as a test drives it: type what a keyboard-wedge scanner
 * sends and Enter, read the banner and its tone, confirm once the button is enabled. Shared by the scanning e2e
 * walks so they find the station the same way.
 */
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

const SLOW = { timeout: 30_000 }

export function station(page: Page) {
  const input = page.getByTestId('scan-input')
  const feedback = page.getByTestId('scan-feedback')
  const scan = async (text: string) => {
    await expect.poll(() => input.isEnabled(), SLOW).toBe(true)
    await input.focus()
    await page.keyboard.type(text)
    await page.keyboard.press('Enter')
  }
  /** Confirms with the button (enabled once the batched permission check answers) and waits for the banner. */
  const confirm = async (number: string) => {
    const button = page.getByTestId('scan-confirm')
    await expect.poll(() => button.isEnabled(), SLOW).toBe(true)
    await button.click()
    await expect.poll(() => feedback.textContent(), SLOW).toContain(`Document ${number} confirmed`)
  }
  /** Opens the station's page and scans the document number; resolves once its first line shows. */
  const open = async (route: string, number: string) => {
    await page.goto(route)
    await input.waitFor(SLOW)
    await scan(number)
    await page.getByTestId('scan-line').waitFor(SLOW)
  }
  return { input, feedback, scan, confirm, open, tone: () => feedback.getAttribute('data-tone') }
}
