import { expect, test } from 'vitest'
import { redactTokens } from './log-redaction.ts'

test('tokens in the query never reach the log', () => {
  expect(redactTokens('/api/hmsg/websocket?access_token=abc123')).toBe(
    '/api/hmsg/websocket?access_token=[redacted]',
  )
  expect(redactTokens('/api/oauth/logout?x=1&access_token=t&refresh_token=r#h')).toBe(
    '/api/oauth/logout?x=1&access_token=[redacted]&refresh_token=[redacted]#h',
  )
  expect(redactTokens('/api/iam/hzero/v1/users/self')).toBe('/api/iam/hzero/v1/users/self')
})
