/** Flags travel as 1/0 (HZERO style); booleans and "1"/"0" are read too. */
export const isOn = (value: unknown) => value === 1 || value === '1' || value === true
