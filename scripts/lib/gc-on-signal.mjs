// Preloaded into the server by the soak test only (scripts/load-test.ts, with --expose-gc): SIGUSR2 runs a full
// garbage collection, so the RSS read after it is what the server keeps, not the garbage a burst left behind.
process.on('SIGUSR2', () => globalThis.gc?.())
