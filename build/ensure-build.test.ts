import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BUILD_ENV_FILE } from '../server/pages/build-env.ts'
import { rebuildReason } from './ensure-build.ts'

describe('rebuildReason (npm start)', () => {
  // Each test has a checkout of its own: sources older than anything a test builds, no build yet.
  let root: string
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'meridian-ensure-build-'))
    const past = new Date(Date.now() - 60_000)
    mkdirSync(join(root, 'src'))
    writeFileSync(join(root, 'index.html'), '<!doctype html>')
    writeFileSync(join(root, 'src', 'main.tsx'), '')
    for (const path of ['index.html', 'src/main.tsx', 'src'])
      utimesSync(join(root, path), past, past)
  })
  afterEach(() => {
    vi.unstubAllEnvs()
    rmSync(root, { recursive: true, force: true })
  })

  // What `npm run build` writes (build/build.ts): the client's files, then the server's entry.
  const build = (env: Record<string, string>) => {
    mkdirSync(join(root, 'dist', 'client', '.vite'), { recursive: true })
    mkdirSync(join(root, 'dist', 'server'), { recursive: true })
    writeFileSync(join(root, 'dist', 'client', 'index.html'), '<!doctype html>')
    writeFileSync(join(root, 'dist', 'client', BUILD_ENV_FILE), JSON.stringify(env))
    writeFileSync(join(root, 'dist', 'server', 'entry-server.js'), '')
  }

  it('builds when there is no build, and not again while nothing changed', () => {
    expect(rebuildReason(root)).toBe('No build yet: building.')
    build({})
    expect(rebuildReason(root)).toBeNull()
  })

  it('rebuilds when VITE_API_URL is set, changed or unset since the build', () => {
    build({})
    vi.stubEnv('VITE_API_URL', 'http://127.0.0.1:8888')
    expect(rebuildReason(root)).toMatch(/^Build-time settings changed .*127\.0\.0\.1:8888/)
    build({ VITE_API_URL: 'http://127.0.0.1:8888' })
    expect(rebuildReason(root)).toBeNull()
    vi.stubEnv('VITE_API_URL', 'https://dummyjson.com')
    expect(rebuildReason(root)).toMatch(/^Build-time settings changed/)
    vi.unstubAllEnvs()
    expect(rebuildReason(root)).toMatch(/^Build-time settings changed/)
  })

  it('rebuilds when a source is newer than the build', () => {
    build({})
    writeFileSync(join(root, 'src', 'main.tsx'), 'changed')
    utimesSync(
      join(root, 'src', 'main.tsx'),
      new Date(Date.now() + 60_000),
      new Date(Date.now() + 60_000),
    )
    expect(rebuildReason(root)).toBe('Sources changed since the last build: rebuilding.')
  })
})
