import { describe, expect, it } from 'vitest'
import { parsePrometheus, sampleValue } from './prometheus.ts'

describe('parsePrometheus', () => {
  const scrape = [
    '# HELP http_requests_in_flight Requests being answered',
    '# TYPE http_requests_in_flight gauge',
    'http_requests_in_flight 1',
    '# TYPE http_request_duration_seconds histogram',
    'http_request_duration_seconds_bucket{le="0.005",route="/api/products/:id",method="GET",status="200"} 2',
    'http_request_duration_seconds_bucket{le="+Inf",route="/api/products/:id",method="GET",status="200"} 3',
    'http_request_duration_seconds_count{route="/api/products/:id",method="GET",status="200"} 3',
    'client_errors_total{build="b1",kind="said \\"no\\", then\\nleft \\\\"} 4',
    'process_start_time_seconds 1.7e+9',
    'nodejs_gc_ratio NaN',
    'nodejs_eventloop_lag_mean_seconds Nan',
    'temperature_celsius -Inf',
    '',
  ].join('\n')

  it('reads each series with its labels (escapes undone) and its value', () => {
    const samples = parsePrometheus(scrape)
    expect(samples).toHaveLength(9)
    expect(samples[1]).toEqual({
      name: 'http_request_duration_seconds_bucket',
      labels: { le: '0.005', route: '/api/products/:id', method: 'GET', status: '200' },
      value: 2,
    })
    expect(samples[4]?.labels.kind).toBe('said "no", then\nleft \\')
    expect(samples[5]?.value).toBe(1.7e9)
    expect(samples[6]?.value).toBeNaN()
    expect(samples[7]?.value).toBeNaN()
    expect(samples[8]?.value).toBe(-Infinity)
  })

  it('finds a series by its name and all its labels, in any order', () => {
    const samples = parsePrometheus(scrape)
    const route = { route: '/api/products/:id', method: 'GET', status: '200' }
    expect(sampleValue(samples, 'http_requests_in_flight')).toBe(1)
    expect(sampleValue(samples, 'http_request_duration_seconds_count', route)).toBe(3)
    expect(
      sampleValue(samples, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' }),
    ).toBe(3)
    // Some of its labels only, or none of a labelled series', name no series.
    expect(
      sampleValue(samples, 'http_request_duration_seconds_count', { method: 'GET' }),
    ).toBeUndefined()
    expect(sampleValue(samples, 'client_errors_total')).toBeUndefined()
  })

  it('refuses what is not Prometheus text', () => {
    for (const line of [
      '<html>',
      'name value',
      'name 1 2',
      'name{route=/x} 1',
      'name{a="1"b="2"} 1',
    ])
      expect(() => parsePrometheus(`up 1\n${line}\n`), line).toThrow(/not Prometheus text/)
  })
})
