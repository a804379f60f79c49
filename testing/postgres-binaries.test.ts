import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { findPostgresBinaries, reachableByAll, sharedCopy } from './postgres-binaries.ts'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** A folder standing for /usr/lib/postgresql, with a server in each of `versions`' bin. */
function debianLike(...versions: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'meridian-debian-pg-'))
  folders.push(root)
  for (const version of versions) {
    mkdirSync(join(root, version, 'bin'), { recursive: true })
    for (const file of ['initdb', 'postgres']) writeFileSync(join(root, version, 'bin', file), '')
  }
  return root
}

describe('findPostgresBinaries', () => {
  it('takes PG_BIN first, and refuses one without a server rather than look elsewhere', () => {
    const debian = debianLike('15', '16')
    const own = join(debian, '15', 'bin')
    expect(findPostgresBinaries({ env: { PG_BIN: own }, debian })).toEqual({
      bin: own,
      source: 'PG_BIN',
    })
    expect(() => findPostgresBinaries({ env: { PG_BIN: debian }, debian })).toThrow(
      /has no initdb and postgres/,
    )
  })

  it("takes Debian's newest version with a server", () => {
    const debian = debianLike('9', '15', '16')
    mkdirSync(join(debian, '17', 'bin'), { recursive: true }) // a client package only
    expect(findPostgresBinaries({ env: {}, debian })).toEqual({
      bin: join(debian, '16', 'bin'),
      source: 'Debian',
    })
  })

  it("takes npm's where Debian's is absent, a server that runs", () => {
    const found = findPostgresBinaries({ env: {}, debian: debianLike() })
    expect(found.source).toBe('npm')
    const version = spawnSync(join(found.bin, 'postgres'), ['--version'], { encoding: 'utf8' })
    expect(version.stdout).toMatch(/^postgres \(PostgreSQL\) \d+/)
  })

  it('tells a folder another user cannot reach, and copies a package where every user can', () => {
    const home = mkdtempSync(join(tmpdir(), 'meridian-private-home-'))
    folders.push(home)
    const native = join(home, 'pkg', 'native')
    mkdirSync(join(native, 'bin'), { recursive: true })
    mkdirSync(join(native, 'lib'))
    writeFileSync(
      join(home, 'pkg', 'package.json'),
      JSON.stringify({ version: `0.0.${process.pid}` }),
    )
    writeFileSync(join(native, 'bin', 'postgres'), '#!/bin/sh\n')
    writeFileSync(join(native, 'lib', 'libpq.so.5.18'), '')
    symlinkSync('libpq.so.5.18', join(native, 'lib', 'libpq.so.5'))
    chmodSync(home, 0o755)
    expect(reachableByAll(join(native, 'bin'))).toBe(true)
    // As /root is: only its owner may enter.
    chmodSync(home, 0o700)
    expect(reachableByAll(join(native, 'bin'))).toBe(false)

    const copy = sharedCopy(native, '@test/postgres')
    folders.push(copy)
    expect(reachableByAll(join(copy, 'bin'))).toBe(true)
    expect(statSync(join(copy, 'bin', 'postgres')).isFile()).toBe(true)
    expect(readlinkSync(join(copy, 'lib', 'libpq.so.5'))).toBe('libpq.so.5.18')
    // Found whole by the next process, not copied again.
    expect(sharedCopy(native, '@test/postgres')).toBe(copy)
  })
})
