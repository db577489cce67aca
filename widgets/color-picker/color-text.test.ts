import { expect, test } from 'vitest'
import { isColorText } from './color-text'

test('CORE-VAL-01: hex of 3 or 6 digits and rgb/rgba text are colours', () => {
  for (const ok of [
    '#fff',
    '#1890ff',
    '#1890FF',
    'rgb(1,2,3)',
    'rgba(1,2,3,0.5)',
    'rgb( 255, 0, 10 )',
    'rgba(0,0,0,1)',
  ])
    expect(isColorText(ok), ok).toBe(true)
})

test('CORE-VAL-01: anything else is rejected', () => {
  for (const bad of [
    '#ffff',
    '#12',
    'red',
    '',
    '#ggg',
    'rgb(256,0,0)',
    'rgba(1,2,3)',
    'rgba(1,2,3,1.5)',
    'rgb(1,2)',
  ])
    expect(isColorText(bad), bad).toBe(false)
})
