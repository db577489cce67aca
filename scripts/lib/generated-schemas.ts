/**
 * The JSON Schema files generated from the TypeBox definitions (renderer/schema/page.ts, model.ts).
 * Shared by schemas:generate (writes them) and schemas:check (fails when the committed files are stale).
 */
import { ModelSchema } from '../../renderer/schema/model'
import { pageJsonSchema, plainJsonSchema } from '../../renderer/schema/page'

export interface GeneratedFile {
  /** Path relative to the repository root. */
  path: string
  text: string
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2) + '\n'

export function generatedSchemas(): GeneratedFile[] {
  const model = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: ModelSchema.$id,
    ...(plainJsonSchema(ModelSchema) as object),
  }
  return [
    { path: 'schemas/page.schema.json', text: pretty(pageJsonSchema()) },
    { path: 'schemas/model.schema.json', text: pretty(model) },
  ]
}
