/**
 * Code 128 (set B) as bar widths: printable ASCII 32–126, the start code, the data, the modulo-103 check and
 * the stop code. Each pattern lists bar, space, bar … widths in modules (11 per symbol, 13 for the stop).
 */
export const PATTERNS = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
]
export const STOP = '2331112'
const START_B = 104

/** The bars of `text` as [x, width] pairs in modules, and the total width; characters outside 32–126 are refused. */
export function code128B(text: string): { bars: Array<[number, number]>; modules: number } {
  const codes = [...text].map((char) => {
    const code = char.charCodeAt(0)
    if (code < 32 || code > 126)
      throw new Error(`'${char}' cannot be drawn in Code 128 B (printable ASCII only)`)
    return code - 32
  })
  const check = codes.reduce((sum, code, index) => sum + code * (index + 1), START_B) % 103
  const widths = [START_B, ...codes, check].map((code) => PATTERNS[code] ?? '').join('') + STOP
  const bars: Array<[number, number]> = []
  let x = 0
  for (let i = 0; i < widths.length; i++) {
    const width = Number(widths[i])
    if (i % 2 === 0) bars.push([x, width])
    x += width
  }
  return { bars, modules: x }
}
