import { describe, expect, test } from 'vitest'
import { compileEditForm } from './compile-page'
import { DESIGN_POINTER, markSchema } from './design-marks'
import type { CompilablePage } from './compile-page'

const page: CompilablePage = {
  fields: {
    code: { widget: 'Input', label: 'x.code' },
    name: { widget: 'Input', label: 'x.name' },
  },
  form: { sections: [{ title: 'x.basic', fields: ['code', 'name'] }] },
}
const context = { t: (key: string) => key, requiredMessage: () => 'enter' as const, mode: 'create' as const }

describe('design marks', () => {
  test('a marked copy carries each node’s pointer on its decorator (fields) or component (sections)', () => {
    const compiled = compileEditForm(page, context)
    const marked = markSchema(compiled, ([section, field]) =>
      field === undefined ? `/form/sections/${section!.slice(7)}` : `/form/sections/0/fields/${field}`,
    )
    const section = (marked.properties as Record<string, Record<string, Record<string, unknown>>>).section0!
    expect(section['x-component-props']![DESIGN_POINTER]).toBe('/form/sections/0')
    const code = (section.properties as Record<string, Record<string, Record<string, unknown>>>).code!
    expect(code['x-decorator-props']![DESIGN_POINTER]).toBe('/form/sections/0/fields/code')
    // the other properties of the decorator are kept
    expect(code['x-decorator-props']!.asterisk).toBe(false)
  })

  test('the memoised schema every page renders outside the designer stays unmarked', () => {
    const compiled = compileEditForm(page, context)
    markSchema(compiled, () => '/marked')
    expect(JSON.stringify(compileEditForm(page, context))).not.toContain(DESIGN_POINTER)
    expect(compileEditForm(page, context)).toBe(compiled)
  })
})
