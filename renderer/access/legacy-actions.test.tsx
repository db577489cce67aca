import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { LegacyActionGate } from './LegacyActionGate'
import { LEGACY_ACTIONS, isLegacyAction, legacyActionAllowed, type RolePermission } from './legacy-actions'

const role: RolePermission[] = [{ permissionId: 'wmdm.warehouse', actionList: ['query'] }]

test("PLAT-PERM-02: actionList [query] hides the 'add' element and shows the 'query' one", () => {
  render(
    <>
      <LegacyActionGate permissions={role} permissionId="wmdm.warehouse" action="add">
        <button>Add</button>
      </LegacyActionGate>
      <LegacyActionGate permissions={role} permissionId="wmdm.warehouse" action="query">
        <button>Query</button>
      </LegacyActionGate>
    </>,
  )
  expect(screen.queryByRole('button', { name: 'Add' })).toBeNull()
  expect(screen.getByRole('button', { name: 'Query' })).toBeInTheDocument()
})

test('X-28: a route without a permission entry shows the element', () => {
  expect(legacyActionAllowed(role, 'wmdm.location', 'delete')).toBe(true)
})

test('CORE-PERM-14: each of the nine action names is recognised and checked', () => {
  expect(LEGACY_ACTIONS).toEqual([
    'add',
    'delete',
    'edit',
    'query',
    'get',
    'enable',
    'disable',
    'import',
    'export',
  ])
  for (const action of LEGACY_ACTIONS) {
    expect(isLegacyAction(action)).toBe(true)
    const only = [{ permissionId: 'p', actionList: [action] }]
    expect(LEGACY_ACTIONS.filter((a) => legacyActionAllowed(only, 'p', a))).toEqual([action])
  }
  expect(isLegacyAction('remove')).toBe(false)
})
