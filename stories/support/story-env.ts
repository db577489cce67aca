/**
 * Stories name their environment as a factory in `parameters.env`; the preview decorator builds one per mount
 * and remembers it here so a test that rendered a story can inspect the calls it made.
 */
import { warehouseBackend } from '../fixtures/warehouse-backend'
import { createFakeEnv, type FakeEnv } from './fake-env'

export type EnvFactory = () => FakeEnv

let current: FakeEnv | undefined

export const defaultEnv: EnvFactory = () => createFakeEnv({ handlers: warehouseBackend().handlers })

export function makeStoryEnv(factory: EnvFactory | undefined): FakeEnv {
  current = (factory ?? defaultEnv)()
  return current
}

/** The environment of the story rendered last. */
export function currentStoryEnv(): FakeEnv {
  if (!current) throw new Error('no story has been rendered yet: render a composed story first')
  return current
}
