import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createMetrics } from './metrics.ts'

/** ops/grafana-dashboard.json: every series it graphs is one the server exposes. */
describe('the Grafana dashboard', () => {
  const dashboard = JSON.parse(
    readFileSync(new URL('../../ops/grafana-dashboard.json', import.meta.url), 'utf8'),
  ) as { panels: { title: string; targets: { expr: string }[] }[] }

  it('graphs only series that /metrics has', async () => {
    const exposed = await createMetrics().registry.getMetricsAsJSON()
    const names = new Set(
      exposed.flatMap(({ name, type }) =>
        String(type) === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name],
      ),
    )
    const graphed = dashboard.panels.flatMap((panel) =>
      panel.targets.flatMap(({ expr }) =>
        // A series: a name with an underscore, before its labels, its range or a closing bracket.
        [...expr.matchAll(/\b([a-z]+_[a-z0-9_]+)(?=[{[)])/g)].map((match) => match[1]),
      ),
    )
    expect(graphed.length).toBe(22)
    for (const name of graphed) expect(names, name).toContain(name)
  })
})
