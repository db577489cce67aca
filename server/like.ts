/** `text` inside a LIKE pattern, its `\`, `%` and `_` taken literally (`\` is PostgreSQL's default escape). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&')

/** A LIKE pattern matching `text` anywhere. */
export const contains = (text: string) => `%${escapeLike(text)}%`
