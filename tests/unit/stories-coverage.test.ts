import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { loadCsf } from 'storybook/internal/csf-tools'
import { describe, expect, it } from 'vitest'
import config, { WIDGETS_HEADING } from '../../.storybook/main'
import { permissionCheck } from '../../stories/fixtures/lookups'
import { createFakeEnv } from '../../stories/support/fake-env'
import { applyGlobals, roleHolds } from '../../stories/support/story-globals'
import { WIDGET_NAMES } from '../../renderer/contract/widget-names'

const repo = resolve(import.meta.dirname, '../..')

interface StoryFile {
  file: string
  title: string
  stories: string[]
}

/** The story files of a folder as Storybook indexes them (its own CSF parser, no rendering). */
function storyFiles(folder: string): StoryFile[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.stories.tsx'))
    .map((name) => {
      const file = join(folder, name)
      const csf = loadCsf(readFileSync(file, 'utf8'), { fileName: file, makeTitle: (title) => title }).parse()
      return {
        file,
        title: csf.meta.title ?? '',
        stories: csf.stories.map((story) => story.name ?? story.id),
      }
    })
}

/**
 * Registered widget name → the story files beside its definition (the widget folder whose *.widget.ts(x)
 * declares `name: '<Name>'`). Widgets whose definition is not found, or whose folder has no story, are listed.
 */
function coverage(widgetsDir: string, names: readonly string[]) {
  const folders = readdirSync(widgetsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())
  const definitions = new Map<string, string>()
  for (const folder of folders) {
    for (const file of readdirSync(join(widgetsDir, folder.name)).filter((f) => /\.widget\.tsx?$/.test(f))) {
      const name = /\bname:\s*'([^']+)'/.exec(readFileSync(join(widgetsDir, folder.name, file), 'utf8'))?.[1]
      if (name) definitions.set(name, join(widgetsDir, folder.name))
    }
  }
  const missing: string[] = []
  const covered = new Map<string, StoryFile[]>()
  for (const name of names) {
    const folder = definitions.get(name)
    const files = folder ? storyFiles(folder).filter((f) => f.stories.length > 0) : []
    if (!folder) missing.push(`${name}: no widgets/*/*.widget.ts declares name '${name}'`)
    else if (!files.length) missing.push(`${name}: ${folder} has no *.stories.tsx with a story`)
    else covered.set(name, files)
  }
  return { missing, covered }
}

describe('Storybook widget catalogue (issue 10)', () => {
  it('has at least one story for every entry of the widget registry (renderer/contract/widget-names.ts)', () => {
    const { missing, covered } = coverage(join(repo, 'widgets'), WIDGET_NAMES)
    expect(missing, 'write a story beside the widget (see widgets/select/Select.stories.tsx)').toEqual([])
    expect(covered.size).toBe(WIDGET_NAMES.length)
  })

  it('fails for a registered widget whose folder has no story', () => {
    const dir = mkdtempSync(join(tmpdir(), 'widgets-'))
    try {
      mkdirSync(join(dir, 'gauge'))
      writeFileSync(join(dir, 'gauge', 'gauge.widget.ts'), "export const gaugeWidget = { name: 'Gauge' }\n")
      expect(coverage(dir, ['Gauge', 'Ghost']).missing).toEqual([
        `Gauge: ${join(dir, 'gauge')} has no *.stories.tsx with a story`,
        "Ghost: no widgets/*/*.widget.ts declares name 'Ghost'",
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it(`lists every widget story under the one heading "${WIDGETS_HEADING}"`, () => {
    // main.ts declares its stories as a plain array (not a preset function).
    const stories = config.stories as Exclude<typeof config.stories, (...args: never[]) => unknown>
    const specifier = stories.find((s) => typeof s === 'object' && s.directory === '../widgets')
    expect(specifier).toMatchObject({ files: '**/*.stories.tsx', titlePrefix: WIDGETS_HEADING })
    // No other specifier picks up widget stories without the prefix.
    expect(stories.filter((s) => JSON.stringify(s).includes('widgets'))).toHaveLength(1)
  })

  it('has an introduction page', () => {
    const [intro] = storyFiles(join(repo, 'stories')).filter((f) => f.title === 'Introduction')
    expect(intro?.stories.length).toBeGreaterThan(0)
  })
})

describe('toolbar roles (stories/support/story-globals.ts)', () => {
  it('deny what the seed role does not hold: clerk cannot delete warehouses, jxs cannot create them', () => {
    expect(roleHolds('admin', 'wmdm.warehouse.button.delete')).toBe(true)
    expect(roleHolds('clerk', 'wmdm.warehouse.button.edit')).toBe(true)
    expect(roleHolds('clerk', 'wmdm.warehouse.button.delete')).toBe(false)
    expect(roleHolds('jxs', 'wmdm.warehouse.button.create')).toBe(false)
    expect(roleHolds('jxs', 'winv.jxsOutboundOrder.button.create')).toBe(true)
  })
})

describe('toolbar switchers applied to a story environment', () => {
  const ask = (codes: string[]) => ({
    method: 'POST' as const,
    service: 'iam' as const,
    path: '/hzero/v1/menus/check-permissions',
    data: codes,
  })
  it('answers check-permissions as the role and the story together, in the chosen language', async () => {
    const env = applyGlobals(
      createFakeEnv({
        handlers: {
          'POST iam /hzero/v1/menus/check-permissions': permissionCheck(['wmdm.warehouse.button.export']),
        },
      }),
      { locale: 'zh_TW', role: 'clerk' },
    )
    expect(env.user.language).toBe('zh_TW')
    const answer = await env.request<{ code: string; approve: boolean }[]>(
      ask(['wmdm.warehouse.button.edit', 'wmdm.warehouse.button.delete', 'wmdm.warehouse.button.export']),
    )
    expect(answer.map((a) => a.approve)).toEqual([true, false, false])
    expect(env.calls).toHaveLength(1)
  })
  it('leaves the story alone when the toolbar is unset', async () => {
    const env = applyGlobals(
      createFakeEnv({
        handlers: { 'POST iam /hzero/v1/menus/check-permissions': permissionCheck() },
        user: { language: 'zh_CN' },
      }),
      {},
    )
    expect(env.user.language).toBe('zh_CN')
    expect((await env.request<{ approve: boolean }[]>(ask(['x.y.z'])))[0]?.approve).toBe(true)
  })
})
