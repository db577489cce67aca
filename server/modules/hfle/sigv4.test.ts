import { describe, expect, it } from 'vitest'
import { authorization, sha256Hex, signingKey, type Credentials } from './sigv4.ts'

// AWS's published examples: "Signature Calculations for the Authorization Header" (S3 API reference) and the
// IAM ListUsers example of the general SigV4 documentation.
const s3: Credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 's3',
}
const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'

describe('AWS Signature Version 4', () => {
  it('signs the S3 GET Object example', () => {
    const result = authorization(s3, {
      method: 'GET',
      path: '/test.txt',
      headers: {
        Host: 'examplebucket.s3.amazonaws.com',
        Range: 'bytes=0-9',
        'x-amz-content-sha256': EMPTY,
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: EMPTY,
      amzDate: '20130524T000000Z',
    })
    expect(sha256Hex(result.canonicalRequest)).toBe(
      '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    )
    expect(result.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41')
    expect(result.header).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    )
  })

  it('signs the S3 PUT Object example (encoded key, signed body)', () => {
    const body = 'Welcome to Amazon S3.'
    const result = authorization(s3, {
      method: 'PUT',
      path: '/test%24file.text',
      headers: {
        Host: 'examplebucket.s3.amazonaws.com',
        Date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-date': '20130524T000000Z',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': sha256Hex(body),
      },
      payloadHash: sha256Hex(body),
      amzDate: '20130524T000000Z',
    })
    expect(sha256Hex(body)).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072')
    expect(result.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd')
  })

  it('signs the S3 GET Bucket example (sorted, encoded query)', () => {
    const result = authorization(s3, {
      method: 'GET',
      path: '/',
      query: { 'max-keys': '2', prefix: 'J' },
      headers: {
        Host: 'examplebucket.s3.amazonaws.com',
        'x-amz-content-sha256': EMPTY,
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: EMPTY,
      amzDate: '20130524T000000Z',
    })
    expect(result.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7')
  })

  it('derives the signing key and signature of the IAM ListUsers example', () => {
    const iam: Credentials = {
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      service: 'iam',
    }
    expect(signingKey(iam, '20150830').toString('hex')).toBe(
      'c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9',
    )
    const result = authorization(iam, {
      method: 'GET',
      path: '/',
      query: { Action: 'ListUsers', Version: '2010-05-08' },
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8',
        Host: 'iam.amazonaws.com',
        'X-Amz-Date': '20150830T123600Z',
      },
      payloadHash: EMPTY,
      amzDate: '20150830T123600Z',
    })
    expect(sha256Hex(result.canonicalRequest)).toBe(
      'f536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59',
    )
    expect(result.signature).toBe('5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7')
  })
})
