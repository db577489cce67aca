/**
 * The automated accessibility check of the e2e suite: axe-core (the dependency, not a CDN copy) injected into the
 * page and run on a part of it, counting only the serious and critical violations of WCAG 2 A / AA.
 *
 * Exceptions are per rule AND per selector (EXEMPT below), each with the reason it cannot be fixed in the
 * product; a rule is never switched off as a whole.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Violations on elements that match `selector` are not counted for `rule`: each entry says why. */
const EXEMPT: Array<{ rule: string; selector: string; why: string }> = []

/**
 * Runs axe on `scope` (a CSS selector; the whole document when omitted) and returns one line per serious or
 * critical violation: `<rule> (<impact>): <target>, <target>… — <help>`.
 */
export async function axeViolations(page: Page, scope?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  return page.evaluate(
    async ({ scope, exempt }) => {
      type Axe = {
        run: (
          context: unknown,
          options: unknown,
        ) => Promise<{
          violations: Array<{
            id: string
            impact?: string
            help: string
            nodes: Array<{ target: unknown[]; impact?: string }>
          }>
        }>
      }
      const axe = (window as unknown as { axe: Axe }).axe
      const context = scope ? { include: [[scope]] } : document
      if (scope && !document.querySelector(scope)) return []
      // colours are measured as drawn: let the entering transitions (fades, badge counts) end first
      const running = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
      await Promise.race([
        Promise.allSettled(running.map((animation) => animation.finished)),
        new Promise((resolve) => setTimeout(resolve, 1000)),
      ])
      const result = await axe.run(context, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        resultTypes: ['violations'],
      })
      const lines: string[] = []
      for (const violation of result.violations) {
        const nodes = violation.nodes.filter((node) => {
          if (node.impact !== 'serious' && node.impact !== 'critical') return false
          const selector = node.target.at(-1)
          const element = typeof selector === 'string' ? document.querySelector(selector) : null
          return !exempt.some((e) => e.rule === violation.id && element?.matches(e.selector))
        })
        if (!nodes.length) continue
        const targets = nodes
          .slice(0, 3)
          .map((node) => String(node.target.at(-1)).split(' > ').slice(-2).join(' > ').slice(-90))
          .join(', ')
        const more = nodes.length > 3 ? ` (+${nodes.length - 3})` : ''
        lines.push(`axe ${violation.id} (${violation.impact}): ${targets}${more} — ${violation.help}`)
      }
      return lines
    },
    { scope, exempt: EXEMPT },
  )
}
