/**
 * The data hierarchy calls (CORE-API-33/34, wire contract "Data hierarchy"), shared by the header switcher
 * (src/shell) and the form widget (widgets/data-hierarchy). Paths are tenant-level unless the role is site level.
 */
import {
  tenantPath,
  type DataHierarchyChoice,
  type DataHierarchyDisplayStyle,
  type DataHierarchyLevel,
  type DataHierarchyOption,
  type RoleLevel,
} from '../contract/wire'
import type { HttpRequest } from '../env'

type Request = <T>(request: HttpRequest) => Promise<T>

export interface DataHierarchyApi {
  /** The levels shown as selects and in the dialog, with the user's current values. */
  displayStyle(): Promise<DataHierarchyDisplayStyle>
  /** The values of a level: under `parentValue` when given, else under the user's current parent value. */
  options(dataHierarchyCode: string, parentValue?: string): Promise<DataHierarchyOption[]>
  /** Saves the user's choice; answers the display style with the new current values. */
  choose(choice: DataHierarchyChoice): Promise<DataHierarchyDisplayStyle>
}

export function dataHierarchyApi(
  request: Request,
  user: { roleLevel: RoleLevel; tenantId: number },
): DataHierarchyApi {
  const path = (rest: string) => tenantPath(user.roleLevel, user.tenantId, `/data-hierarchies${rest}`)
  return {
    displayStyle: () =>
      request({ method: 'GET', service: 'hpfm', path: path('/switch/display-style/value') }),
    options: (dataHierarchyCode, parentValue) =>
      request({
        method: 'GET',
        service: 'hpfm',
        path: path('/switch/value/details'),
        params: { dataHierarchyCode, parentValue },
      }),
    // The wire contract's form: the choice in the query string.
    choose: (choice) =>
      request({ method: 'PUT', service: 'hpfm', path: path('/switch'), params: { ...choice } }),
  }
}

/** The value of the level above `level` among `levels` (narrows the level's options). */
export function parentValueOf(levels: DataHierarchyLevel[], level: DataHierarchyLevel): string | undefined {
  if (!level.parentCode) return undefined
  return levels.find((l) => l.dataHierarchyCode === level.parentCode)?.dataHierarchyValue
}
