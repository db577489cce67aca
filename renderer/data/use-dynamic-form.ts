import { useEffect, useState } from 'react'
import type { DynamicFormDefinition } from '../contract/dynamic-form'
import { useRendererServices } from '../runtime/context'

export interface DynamicFormState {
  definition?: DynamicFormDefinition
  loading: boolean
  /** Why the definition could not be read (the server's message, e.g. an unknown form code). */
  error?: string
}

/** The dynamic form `formCode`, from the session cache (one request per tenant and language). */
export function useDynamicForm(formCode: string | undefined): DynamicFormState {
  const { dynamicForms, env } = useRendererServices()
  const cached = formCode ? dynamicForms.cached(formCode) : undefined
  const [state, setState] = useState<DynamicFormState>({ definition: cached, loading: !cached && !!formCode })
  const { language, tenantId } = env.user
  useEffect(() => {
    if (!formCode) return
    let live = true
    const known = dynamicForms.cached(formCode)
    if (known) setState({ definition: known, loading: false })
    else {
      setState((s) => ({ ...s, loading: true }))
      dynamicForms.load(formCode).then(
        (definition) => live && setState({ definition, loading: false }),
        (error: unknown) =>
          live &&
          setState({ loading: false, error: error instanceof Error ? error.message : String(error) }),
      )
    }
    return () => {
      live = false
    }
  }, [formCode, dynamicForms, language, tenantId])
  return state
}
