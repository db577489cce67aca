import { expect, test } from 'vitest'
import { createRegistry } from './registry'

const Nothing = () => null
const input = { name: 'Input', kind: 'field' as const, component: Nothing }

test('a name registered twice throws, naming it', () => {
  expect(() => createRegistry([input, { ...input }])).toThrow("widget 'Input' is registered twice")
})

test('an unknown name throws loudly with the closest registered name', () => {
  const registry = createRegistry([input, { name: 'Lov', kind: 'field', component: Nothing }])
  expect(() => registry.get('Lvo')).toThrow("unknown widget 'Lvo' (did you mean 'Lov'?)")
  expect(registry.get('Input').component).toBe(Nothing)
  expect(registry.components('field')).toEqual({ Input: Nothing, Lov: Nothing })
})

const deferred = <T>() => {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

test('entries load when a page asks: all at once, with the always-loaded ones, each once', async () => {
  const select = { name: 'Select', kind: 'field' as const, component: Nothing }
  const cron = { name: 'Cron', kind: 'field' as const, component: Nothing }
  const coreChunk = deferred<typeof input>()
  const cronChunk = deferred<typeof cron>()
  const calls: string[] = []
  const registry = createRegistry([
    { name: 'Input', kind: 'field', always: true, load: () => (calls.push('Input'), coreChunk.promise) },
    { name: 'Cron', kind: 'field', load: () => (calls.push('Cron'), cronChunk.promise) },
    { name: 'Select', kind: 'field', load: () => (calls.push('Select'), Promise.resolve(select)) },
  ])
  expect(registry.loaded(['Cron'])).toBe(false)
  const loading = registry.load(['Cron', 'Nope'])
  registry.load(['Cron']).catch(() => undefined)
  // both requested before either chunk arrived: no waterfall; unknown names are left to the page's check
  expect(calls).toEqual(['Cron', 'Input'])
  cronChunk.resolve(cron)
  coreChunk.resolve(input)
  await loading
  expect(registry.loaded(['Cron'])).toBe(true)
  expect(registry.loaded(['Select'])).toBe(false)
  expect(registry.get('Cron').component).toBe(Nothing)
  expect(calls).toEqual(['Cron', 'Input'])
})

test('a widget not loaded yet answers a stand-in, and the components map turns to the real one once loaded', async () => {
  const registry = createRegistry([{ name: 'Input', kind: 'field', load: () => Promise.resolve(input) }])
  const components = registry.components('field')
  expect(components.Input).not.toBe(Nothing)
  await registry.load(['Input'])
  expect(components.Input).toBe(Nothing)
})

test('a loader giving another widget, or failing, rejects with a message and is tried again', async () => {
  let fail = true
  const registry = createRegistry([
    { name: 'Lov', kind: 'field', load: () => Promise.resolve(input) },
    {
      name: 'Input',
      kind: 'field',
      load: () => (fail ? Promise.reject(new Error('chunk failed')) : Promise.resolve(input)),
    },
  ])
  await expect(registry.load(['Lov'])).rejects.toThrow(
    "widget entry 'Lov' (field) loaded the definition 'Input'",
  )
  await expect(registry.load(['Input'])).rejects.toThrow('chunk failed')
  fail = false
  await registry.load(['Input'])
  expect(registry.loaded(['Input'])).toBe(true)
})

test("an entry's cell text is there before its widget's code, and a definition giving another one is refused", async () => {
  const cellText = () => (value: unknown) => `<${String(value)}>`
  const never = new Promise<typeof input>(() => undefined)
  const waiting = createRegistry([{ name: 'Input', kind: 'field', cellText, load: () => never }])
  // a table draws such a column at once: the stand-in carries the entry's cell text, nothing is loaded
  expect(waiting.get('Input').cellText).toBe(cellText)
  expect(waiting.loaded(['Input'])).toBe(false)

  const other = { ...input, cellText: () => (value: unknown) => String(value) }
  const mismatched = createRegistry([
    { name: 'Input', kind: 'field', cellText, load: () => Promise.resolve(other) },
  ])
  await expect(mismatched.load(['Input'])).rejects.toThrow(
    "widget 'Input': its entry's cellText is not its definition's",
  )
})
