import { describe, expect, it } from 'vitest'
import { recordId, recordPath } from './record-id'

describe('the record a form page opens', () => {
  it('reads the route param first, then the query parameter, else creates', () => {
    expect(recordId('id', { id: '7' }, new URLSearchParams('id=9'))).toBe('7')
    expect(recordId('id', {}, new URLSearchParams('id=9'))).toBe('9')
    expect(recordId('id', {}, new URLSearchParams(''))).toBeUndefined()
    expect(recordId(undefined, { id: '7' })).toBeUndefined()
  })

  it('shows a new record in the route when it has the param, else in the query', () => {
    const fill = (route: string) => route.replace('{id}', '5')
    expect(recordPath('/x/detail/{id}', 'id', '5', fill)).toBe('/x/detail/5')
    expect(recordPath('/x/detail', 'id', '5', fill)).toBe('/x/detail?id=5')
  })
})
