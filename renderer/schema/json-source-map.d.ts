// json-source-map ships no types; only `parse` is used (positions of JSON pointers in the source text).
declare module 'json-source-map' {
  export interface Location {
    line: number
    column: number
    pos: number
  }
  export interface Mapping {
    value: Location
    valueEnd: Location
    key?: Location
    keyEnd?: Location
  }
  export function parse(source: string): { data: unknown; pointers: Record<string, Mapping> }
  export function stringify(
    data: unknown,
    replacer?: null,
    space?: number | string,
  ): { json: string; pointers: Record<string, Mapping> }
}
