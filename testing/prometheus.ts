/**
 * Prometheus' text exposition format, as the server's `/metrics` answers it (prom-client): for the
 * tests that read it (server/observability/observability.test.ts, e2e/telemetry.spec.ts).
 */

/** One series of a scrape: its name, its labels and its value. */
export interface Sample {
  name: string
  labels: Readonly<Record<string, string>>
  value: number
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/
const LABEL = /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"(?:,|$)/y

/** A label's value as written (`\\`, `\"` and `\n` escaped) back to its text. */
const unescape = (text: string) =>
  text.replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char))

/**
 * A sample's value: a decimal number, or NaN or ±Inf in any case, as Prometheus reads them (Go's
 * ParseFloat); prom-client writes a NaN as `Nan`.
 */
function parseValue(text: string, line: string): number {
  if (/^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(text)) return Number(text)
  if (/^nan$/i.test(text)) return NaN
  const infinity = /^([+-]?)inf$/i.exec(text)
  if (infinity) return infinity[1] === '-' ? -Infinity : Infinity
  throw new Error(`not Prometheus text: ${line}`)
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {}
  LABEL.lastIndex = 0
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text)
    if (!match) throw new Error(`not Prometheus text: ${line}`)
    labels[match[1]!] = unescape(match[2]!)
  }
  return labels
}

/**
 * A scrape, line by line: `# HELP` and `# TYPE` comments, or a series' name, labels and number.
 * Any other line throws (other comments too, which prom-client never writes), so a test reading
 * it also checks that the answer is Prometheus text.
 */
export function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue
    const match = SAMPLE.exec(line)
    if (!match) throw new Error(`not Prometheus text: ${line}`)
    samples.push({
      name: match[1]!,
      labels: parseLabels(match[2] ?? '', line),
      value: parseValue(match[3]!, line),
    })
  }
  return samples
}

/**
 * The value of the series `name` whose labels are exactly `labels` (none by default), or
 * undefined while the scrape has no such series.
 */
export function sampleValue(
  samples: readonly Sample[],
  name: string,
  labels: Readonly<Record<string, string>> = {},
): number | undefined {
  const wanted = Object.entries(labels)
  return samples.find(
    (sample) =>
      sample.name === name &&
      Object.keys(sample.labels).length === wanted.length &&
      wanted.every(([key, value]) => sample.labels[key] === value),
  )?.value
}
