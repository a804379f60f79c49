/**
 * One Lighthouse run as `bench:web` and `bench:why` both make it: Debian's Chromium (CHROMIUM_PATH
 * overrides /usr/bin/chromium), headless, from a cold profile, without the browser's own
 * background traffic, mobile emulation (Lighthouse's default).
 *
 * CPU_SLOWDOWN=13 slows the CPU 13× rather than Lighthouse's 4×, in either throttling method. The
 * 4× is calibrated for a machine whose CPU benchmark (`lhr.environment.benchmarkIndex`) is about
 * 1,500, to stand for a mid-range phone; on a faster machine it stands for a faster phone.
 * Lighthouse's rule for the multiplier that keeps the same phone, from a benchmark of 1,300:
 * 3 + (benchmark - 1,300) / 233.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CPU_SLOWDOWN = process.env.CPU_SLOWDOWN ? Number(process.env.CPU_SLOWDOWN) : undefined
/** Flags that keep the browser's own requests out of a measurement. */
export const QUIET_FLAGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

async function runOnce(url: string, flags: Flags): Promise<RunnerResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', ...QUIET_FLAGS],
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      ...(CPU_SLOWDOWN && { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } }),
      ...flags,
    })
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
    return result
  } finally {
    chrome.kill()
  }
}

/**
 * Lighthouse on `url`. A run it could not record (`runtimeError`, such as NO_NAVSTART when the
 * trace misses the navigation: now and then on this machine) is made once more, so that a median
 * of 3 is of 3; a second failure is returned as it is, for the caller to leave out.
 */
export async function runLighthouse(url: string, flags: Flags): Promise<RunnerResult> {
  const first = await runOnce(url, flags)
  if (!first.lhr.runtimeError) return first
  console.warn(`${url}: ${first.lhr.runtimeError.message} Running it again.`)
  const second = await runOnce(url, flags)
  if (second.lhr.runtimeError) console.warn(`${url}: ${second.lhr.runtimeError.message}`)
  return second
}
