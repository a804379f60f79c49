/**
 * `npm run bench:why -- /cart /product/1`: why Lighthouse's simulation gives a page the figures it
 * does, for the work on them. Serves the built app (`npm run build` first), runs Lighthouse once
 * per page (mobile, simulated slow 4G, as `bench:web`), and prints:
 * - the figures (score, FCP, LCP, TBT);
 * - the long tasks as the simulation counts them (the observed ones × 4, or × CPU_SLOWDOWN), each
 *   with the script it is charged to (the page's own address: its parsing, style and layout);
 * - what the simulation puts before the largest paint (Lantern's LCP graph): each request and task
 *   with its simulated end. A request in this list holds the largest paint up; a module script
 *   downloaded before the paint counts, as its module graph runs without the trace event that
 *   would clear it.
 * CHROMIUM_PATH overrides /usr/bin/chromium (`bench/lighthouse.ts`: the same browser and flags as
 * `bench:web`, and a run Lighthouse could not record made once more). WHY_TRACE_DIR=dir saves
 * each page's trace there (`<page>.trace.json`, for DevTools' Performance panel) with its
 * observed, unthrottled tasks.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js'
import { startServerProcess } from '../testing/server-process.ts'
import { runLighthouse } from './lighthouse.ts'

const pages = process.argv.slice(2)
if (pages.length === 0) pages.push('/')

const dataDir = mkdtempSync(join(tmpdir(), 'meridian-bench-why-'))
const server = startServerProcess({ DATA_DIR: dataDir })
const origin = await server.url

interface GraphNode {
  type: 'network' | 'cpu'
  duration: number
  request?: { url: string; priority: string }
  childEvents?: { name: string }[]
}
interface Timing {
  startTime: number
  endTime: number
}

try {
  for (const path of pages) {
    const { lhr, artifacts } = await runLighthouse(`${origin}${path}`, {
      onlyCategories: ['performance'],
    })
    const traceDir = process.env.WHY_TRACE_DIR
    if (traceDir) {
      mkdirSync(traceDir, { recursive: true })
      const file = join(traceDir, `${path.replace(/[^\w]+/g, '_') || '_'}.trace.json`)
      writeFileSync(file, JSON.stringify(artifacts.Trace))
      console.log(`Trace: ${file}`)
    }
    const audit = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN)
    console.log(
      `\n${path}: score ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, FCP ${audit('first-contentful-paint')} ms, LCP ${audit('largest-contentful-paint')} ms, TBT ${audit('total-blocking-time')} ms (CPU ${lhr.configSettings.throttling.cpuSlowdownMultiplier}×, benchmark ${Math.round(lhr.environment.benchmarkIndex)})`,
    )
    const tasks = (lhr.audits['long-tasks']?.details as { items?: object[] } | undefined)?.items
    console.log('Long tasks (simulated start, duration, script):')
    for (const task of (tasks ?? []) as { url: string; startTime: number; duration: number }[])
      console.log(
        `  ${Math.round(task.startTime)} ms  ${Math.round(task.duration)} ms  ${task.url.replace(origin, '')}`,
      )
    const lcp = (await LanternLargestContentfulPaint.request(
      {
        trace: artifacts.Trace,
        devtoolsLog: artifacts.DevtoolsLog,
        gatherContext: artifacts.GatherContext,
        settings: lhr.configSettings,
        URL: artifacts.URL,
        SourceMaps: [],
        HostDPR: artifacts.HostDPR,
        simulator: null,
      },
      { computedCache: new Map() },
    )) as unknown as { optimisticEstimate: { nodeTimings: Map<GraphNode, Timing> } }
    console.log('Before the largest paint, as simulated (end, what):')
    for (const [node, timing] of lcp.optimisticEstimate.nodeTimings)
      console.log(
        `  ${Math.round(timing.endTime)} ms  ${
          node.type === 'network'
            ? `${node.request?.url.replace(origin, '')} (${node.request?.priority})`
            : `task of ${Math.round(node.duration / 1000)} ms`
        }`,
      )
  }
} finally {
  server.child.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}
