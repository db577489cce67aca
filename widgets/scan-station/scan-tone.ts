/**
 * The scan station's sounds (WebAudio, no sound files): a short high beep when a scan is right, a longer low
 * buzz when it is wrong, so the picker hears the result without looking. Silent where the browser has no
 * AudioContext (tests) or refuses to start one before a user gesture.
 */
let context: AudioContext | undefined

function audio(): AudioContext | undefined {
  if (context) return context
  const Ctor = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext
  if (!Ctor) return undefined
  try {
    context = new Ctor()
  } catch {
    return undefined
  }
  return context
}

export function playTone(tone: 'ok' | 'error'): void {
  const ctx = audio()
  if (!ctx) return
  try {
    if (ctx.state === 'suspended') void ctx.resume()
    const oscillator = ctx.createOscillator()
    const gain = ctx.createGain()
    oscillator.type = tone === 'ok' ? 'sine' : 'square'
    oscillator.frequency.value = tone === 'ok' ? 1320 : 220
    gain.gain.value = 0.15
    oscillator.connect(gain).connect(ctx.destination)
    const seconds = tone === 'ok' ? 0.08 : 0.35
    oscillator.start()
    oscillator.stop(ctx.currentTime + seconds)
  } catch {
    // a sound that cannot play must not stop the scan
  }
}
