// The part of autocannon 9's API the load test uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string
      path?: string
      body?: string
      headers?: Record<string, string>
      setupRequest?: (request: Request) => Request
    }
    interface Options {
      url: string
      connections?: number
      duration?: number
      headers?: Record<string, string>
      requests?: Request[]
    }
    interface Histogram {
      average: number
      total: number
      p50: number
      p99: number
      max: number
    }
    interface Result {
      requests: Histogram
      latency: Histogram
      errors: number
      timeouts: number
      non2xx: number
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>
  export default autocannon
}
