import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { anchors, checkDocs, configVariables, MAX_CELL } from './docs-check.ts'

const ROOT = join(import.meta.dirname, '..')

const repositories: string[] = []
afterEach(() => {
  for (const root of repositories.splice(0)) rmSync(root, { recursive: true, force: true })
})

/** A repository of `files` (path → text) in a temporary folder. */
function repository(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'meridian-docs-'))
  repositories.push(root)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

const CONFIG = `const envSchema = v.object({
  PORT: port,
  SITE_URL: v.optional(v.string()),
})
export const later = env.LATE_SETTING
`
const OPERATING = `# Operating

## Configuration

| variable | meaning |
| -------- | ------- |
| \`PORT\` | the port |
| \`SITE_URL\` | the origin |
| \`LATE_SETTING\` | read later |

## Rotating \`JWT_SECRET\`
`
const sound = {
  'README.md':
    'See `src/lib/format.ts`, `lib/format.ts`, `format.ts`, `/api/products`, `dist/client/` and ' +
    '[operating](docs/operating.md#rotating-jwt_secret).\n\n```sh\nnpx vitest run src/gone.ts\n```\n',
  'src/lib/format.ts': '',
  'server/config.ts': CONFIG,
  'docs/operating.md': OPERATING,
  '.gitignore': 'dist/\n',
}

describe('checkDocs', () => {
  it('finds nothing wrong with documents true to their repository', () => {
    expect(checkDocs(repository(sound))).toEqual([])
  })

  it('names a path a document names that is not in the repository', () => {
    const root = repository({
      ...sound,
      'docs/testing.md': 'Unit tests sit beside their module (`src/lib/pricing.test.ts`).\n',
    })
    expect(checkDocs(root)).toEqual([
      'docs/testing.md:1: src/lib/pricing.test.ts is not in the repository',
    ])
  })

  it('names a path from src/ on, and a source file by its name, that are nowhere', () => {
    const root = repository({
      ...sound,
      'docs/rules.md':
        'The states are in `features/address/indian-states.ts`.\n\nAnd `states.ts`.\n',
    })
    expect(checkDocs(root)).toEqual([
      'docs/rules.md:1: features/address/indian-states.ts is not in the repository',
      'docs/rules.md:3: states.ts is not in the repository',
    ])
  })

  it('names a link to a file or a heading that is not there', () => {
    const root = repository({
      ...sound,
      'docs/api.md':
        '[a](operating.md#configuration) [b](gone.md) [c](operating.md#logs) [d](#api)\n',
    })
    expect(checkDocs(root)).toEqual([
      'docs/api.md:1: the link to gone.md leads nowhere',
      'docs/api.md:1: operating.md has no heading #logs',
      'docs/api.md:1: api.md has no heading #api',
    ])
  })

  it('names a setting the configuration module reads that its table lacks', () => {
    const root = repository({
      ...sound,
      'docs/operating.md': OPERATING.replace('| `SITE_URL` | the origin |\n', ''),
    })
    expect(checkDocs(root)).toEqual([
      'docs/operating.md: § Configuration lacks SITE_URL, which server/config.ts reads',
    ])
  })

  it('says so when it finds no setting in the configuration module, rather than pass', () => {
    const root = repository({
      ...sound,
      'server/config.ts': 'export const config = readSettings()\n',
    })
    expect(checkDocs(root)).toEqual([
      'server/config.ts: no settings found (no envSchema keys, no env.X): update the check',
    ])
  })

  it('names a citation in code of a document or a heading the repository does not have', () => {
    const root = repository({
      ...sound,
      // Written with 'SS' for the section sign: the check reads this file too.
      'server/limits.ts': [
        '// Rotated as docs/operating.md SS Rotating `JWT_SECRET` says; wrapped (operating.md SS',
        '// Configuration, the table); two at once (operating.md SS Configuration / SS Rotating',
        '// JWT_SECRET).',
        '/** Not there: operating.md SS Limits. Nor here: api-contract.md SS Orders. */',
        '/* operating.md SS Configurations is no heading either. */',
      ]
        .join('\n')
        .replaceAll('SS', '\u00a7'),
    })
    expect(checkDocs(root)).toEqual([
      'server/limits.ts:4: cites operating.md \u00a7 Limits. Nor here: api-contract.md \u00a7 Orde…, a heading docs/operating.md does not have',
      'server/limits.ts:4: cites api-contract.md, which the repository does not have',
      'server/limits.ts:5: cites operating.md \u00a7 Configurations is no heading either. */…, a heading docs/operating.md does not have',
    ])
  })

  it('names a folder of server/, src/domain/ or shared/ that the file map lacks', () => {
    const map = '# Architecture\n\n```\nserver/\n  routes/   the routes\nshared/\n```\n'
    const root = repository({
      ...sound,
      'docs/architecture.md': map,
      'server/routes/a.ts': '',
      'server/orders/b.ts': '',
      'shared/routes/c.ts': '',
    })
    expect(checkDocs(root)).toEqual([
      'docs/architecture.md: the file map lacks server/orders/',
      'docs/architecture.md: the file map lacks shared/routes/',
    ])
  })

  it('names a table cell grown into a paragraph', () => {
    const root = repository({
      ...sound,
      'docs/performance.md': `| a | b |\n| - | - |\n| short | ${'long '.repeat(50)} |\n`,
    })
    expect(checkDocs(root)).toEqual([
      `docs/performance.md:3: a table cell of 249 characters (at most ${MAX_CELL})`,
    ])
  })
})

describe('the parts', () => {
  it("reads the settings from the schema's keys and env.X, whatever they are", () => {
    expect(configVariables(CONFIG)).toEqual(['LATE_SETTING', 'PORT', 'SITE_URL'])
  })

  it("anchors headings as GitHub does, repeated ones numbered, code blocks' lines not", () => {
    const markdown =
      '# Rotating `JWT_SECRET`\n## Logs and metrics\n## Logs and metrics\n```\n# no\n```\n'
    expect(anchors(markdown)).toEqual(
      new Set(['rotating-jwt_secret', 'logs-and-metrics', 'logs-and-metrics-1']),
    )
  })
})

it("the repository's documents: their paths, links and headings, and the configuration table", () => {
  expect(checkDocs(ROOT)).toEqual([])
})
