import { describe, expect, it } from 'vitest'
import { isTimeZone, passwordProblems, TIME_ZONES } from './user-preferences'

describe('password policy (shared by the personal centre and the server)', () => {
  it('accepts a password that meets every rule', () => {
    expect(passwordProblems('Better@2024', 'manager')).toEqual([])
  })
  it('names every rule a weak password breaks', () => {
    expect(passwordProblems('short', 'manager').map((p) => p.rule)).toEqual([
      'minLength',
      'digits',
      'uppercase',
      'specials',
    ])
  })
  it('refuses the login name inside the password, whatever its case', () => {
    expect(passwordProblems('xMANAGER@1', 'manager').map((p) => p.rule)).toEqual(['notLoginName'])
  })
})

describe('time zones', () => {
  it('reads GMT offsets from -12 to +14, half and three-quarter hours too', () => {
    expect(['GMT+8', 'GMT-12', 'GMT+14', 'GMT+5:30', 'GMT+5:45'].every(isTimeZone)).toBe(true)
    expect(['GMT+15', 'GMT-13', 'UTC', 'GMT+5:20', 'Mars'].some(isTimeZone)).toBe(false)
  })
  it('offers the whole hours, every one valid', () => {
    expect(TIME_ZONES).toHaveLength(27)
    expect(TIME_ZONES.every(isTimeZone)).toBe(true)
  })
})
