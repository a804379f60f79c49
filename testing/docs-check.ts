/**
 * Keeps the documents true to the repository (docs/testing.md § The documents): every repository
 * path they name exists, every link between them reaches its file and heading, every setting
 * server/config.ts reads is in the configuration table, no table cell grows into a paragraph, and
 * every document and heading the code cites (`rules.md § Stock`) is one of the repository's.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'

/** The documents checked, from the repository's root. */
export function documents(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`)
  return ['README.md', 'SECURITY.md', ...docs].filter((file) => existsSync(join(root, file)))
}

/** Where the configuration table is, and the modules whose settings it must name. */
export const CONFIGURATION = { document: 'docs/operating.md', heading: 'Configuration' }
export const CONFIG_MODULE = 'server/config.ts'
/** Schemas of settings server/config.ts spreads into its own, each in a section of its own. */
const CONFIG_PARTS = [{ module: 'server/limits/limit-settings.ts', heading: 'Limits' }]

/** A table cell longer than this is a paragraph: the table becomes a short one, or a list. */
export const MAX_CELL = 200

/** A source file or document, named with its folders or alone ("`matches.ts`"). */
const SOURCE_PATH = /\.(ts|tsx|css|md)$/
const SOURCE_NAME = /^[\w.$-]+\.(ts|tsx|css)$/

/** What a code span holds that is no path: spaces, globs, placeholders, ellipses. */
const NOT_A_PATH = /[\s*{}<>|…]|\.\.\./

/** The repository's own files and folders: what is on disk, less what .gitignore keeps out. */
function repositoryEntries(root: string): { names: Set<string>; paths: Set<string> } {
  const ignored = new Set(['.git'])
  const gitignore = join(root, '.gitignore')
  if (existsSync(gitignore)) {
    for (const line of readFileSync(gitignore, 'utf8').split('\n')) {
      const name = line.trim().replace(/\/$/, '')
      if (name && !/[*#!]/.test(name)) ignored.add(name)
    }
  }
  const names = new Set<string>()
  const paths = new Set<string>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (ignored.has(entry.name) || entry.name === 'node_modules') continue
      const path = join(dir, entry.name)
      paths.add(relative(root, path))
      names.add(entry.name)
      if (entry.isDirectory()) walk(path)
    }
  }
  walk(root)
  return { names, paths }
}

/** The text of a document without its fenced code blocks (commands, not references), by line. */
function proseLines(markdown: string): string[] {
  let fenced = false
  return markdown.split('\n').map((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced
      return ''
    }
    return fenced ? '' : line
  })
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

/** The anchors of a document's headings, repeated ones numbered as GitHub numbers them. */
export function anchors(markdown: string): Set<string> {
  const found = new Set<string>()
  const seen = new Map<string, number>()
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1]
    if (heading === undefined) continue
    const base = slug(heading)
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    found.add(count ? `${base}-${count}` : base)
  }
  return found
}

/**
 * The settings a configuration module reads: its environment schemas' keys (`envSchema`,
 * `limitEnvSchema`, …), and any `env.X`.
 */
export function configVariables(source: string): string[] {
  const names = new Set<string>()
  for (const [, schema = ''] of source.matchAll(
    /const \w*[eE]nvSchema = v\.object\(\{([\s\S]*?)\n\}\)/g,
  ))
    for (const [, name] of schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)) names.add(name ?? '')
  for (const [, name] of source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) names.add(name ?? '')
  return [...names].sort()
}

/** A document's section under `heading` (to the next heading of its level or above). */
function section(markdown: string, heading: string): string | undefined {
  const lines = markdown.split('\n')
  const start = lines.findIndex((line) => new RegExp(`^(#+)\\s+${heading}\\s*$`).test(line))
  if (start < 0) return undefined
  const level = /^#+/.exec(lines[start] ?? '')?.[0].length ?? 1
  const end = lines.findIndex(
    (line, index) => index > start && (/^#+/.exec(line)?.[0].length ?? 99) <= level,
  )
  return lines.slice(start, end < 0 ? undefined : end).join('\n')
}

/** What is wrong with the documents, one line each (`file:line: problem`); none when all is true. */
export function checkDocs(root: string): string[] {
  const problems: string[] = []
  const repository = repositoryEntries(root)
  const srcEntries = new Set(existsSync(join(root, 'src')) ? readdirSync(join(root, 'src')) : [])
  const topEntries = new Set([...repository.paths].filter((path) => !path.includes('/')))
  const anchorsOf = new Map<string, Set<string>>()
  const anchorsIn = (file: string) => {
    let found = anchorsOf.get(file)
    if (!found) anchorsOf.set(file, (found = anchors(readFileSync(join(root, file), 'utf8'))))
    return found
  }

  /** Whether a path named in a code span is the repository's, and is there. */
  const namedPathIsThere = (span: string, document: string): boolean => {
    const path = span.replace(/:\d+(-\d+)?$/, '').replace(/\/$/, '')
    if (NOT_A_PATH.test(path) || path.startsWith('/') || /^\w+:\/\//.test(path)) return true
    if (/^\.\.?\//.test(path)) return repository.paths.has(join(dirname(document), path))
    const [first = ''] = path.split('/')
    if (!path.includes('/')) return !SOURCE_NAME.test(path) || repository.names.has(path)
    if (topEntries.has(first)) return repository.paths.has(path)
    // The documents name the app's files from src/ on (`lib/format.ts`).
    if (srcEntries.has(first)) return repository.paths.has(`src/${path}`)
    // Anything else is not the repository's (`dist/client/`, `DATA_DIR/jwt-secret`), unless it
    // names a source file: then its folder has gone.
    return !SOURCE_PATH.test(path)
  }

  for (const file of documents(root)) {
    const lines = proseLines(readFileSync(join(root, file), 'utf8'))
    const prose = lines.join('\n')
    // A code span or a link may run over a line's end.
    const lineAt = (index: number) => `${file}:${prose.slice(0, index).split('\n').length}`
    for (const { 1: span = '', index } of prose.matchAll(/`([^`]+)`/g)) {
      if (!namedPathIsThere(span, file))
        problems.push(`${lineAt(index)}: ${span} is not in the repository`)
    }
    for (const { 1: target = '', index } of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue
      const [path = '', anchor] = target.split('#')
      const linked = path ? relative(root, join(root, dirname(file), path)) : file
      if (!existsSync(join(root, linked))) {
        problems.push(`${lineAt(index)}: the link to ${target} leads nowhere`)
      } else if (
        anchor &&
        statSync(join(root, linked)).isFile() &&
        !anchorsIn(linked).has(anchor)
      ) {
        problems.push(`${lineAt(index)}: ${basename(linked)} has no heading #${anchor}`)
      }
    }
    lines.forEach((line, index) => {
      if (!/^\s*\|/.test(line)) return
      for (const cell of line
        .split('|')
        .slice(1, -1)
        .map((text) => text.trim())) {
        if (cell.length > MAX_CELL && !/^:?-+:?$/.test(cell))
          problems.push(
            `${file}:${index + 1}: a table cell of ${cell.length} characters (at most ${MAX_CELL})`,
          )
      }
    })
  }

  const operating = join(root, CONFIGURATION.document)
  const settings = [
    { module: CONFIG_MODULE, heading: CONFIGURATION.heading, required: true },
    ...CONFIG_PARTS.map((part) => ({ ...part, required: false })),
  ]
  for (const { module, heading, required } of settings) {
    const path = join(root, module)
    if (!existsSync(path) || !existsSync(operating)) continue
    const table = section(readFileSync(operating, 'utf8'), heading) ?? ''
    const variables = configVariables(readFileSync(path, 'utf8'))
    // A module rewritten past what configVariables reads must not pass for one with no settings.
    if (variables.length === 0 && required)
      problems.push(`${module}: no settings found (no envSchema keys, no env.X): update the check`)
    for (const name of variables) {
      if (!table.includes(`\`${name}\``))
        problems.push(
          `${CONFIGURATION.document}: § ${heading} lacks ${name}, which ${CONFIG_MODULE} reads`,
        )
    }
  }
  problems.push(...citationProblems(root), ...fileMapProblems(root))
  return problems
}

/** The folders whose every subfolder the file map names, and where the map is. */
const MAPPED = ['server', 'src/domain', 'shared']
const FILE_MAP = 'docs/architecture.md'

/**
 * What the architecture's file map lacks: each folder of `server/`, `src/domain/` and `shared/`,
 * as a line `  name/` under its top folder's line (`server/`) in a fenced block of the map.
 */
export function fileMapProblems(root: string): string[] {
  if (!existsSync(join(root, FILE_MAP))) return []
  const named = new Map<string, Set<string>>()
  let fenced = false
  let top: string | undefined
  for (const line of readFileSync(join(root, FILE_MAP), 'utf8').split('\n')) {
    if (/^\s*```/.test(line)) {
      fenced = !fenced
      top = undefined
      continue
    }
    if (!fenced) continue
    const topFolder = /^([\w./-]+)\/(\s|$)/.exec(line)?.[1]
    const subfolder = /^\s+([\w.-]+)\//.exec(line)?.[1]
    if (topFolder !== undefined) {
      top = topFolder
      if (!named.has(top)) named.set(top, new Set())
    } else if (subfolder !== undefined && top !== undefined) named.get(top)?.add(subfolder)
  }
  return MAPPED.filter((dir) => existsSync(join(root, dir))).flatMap((dir) =>
    readdirSync(join(root, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !named.get(dir)?.has(entry.name))
      .map((entry) => `${FILE_MAP}: the file map lacks ${dir}/${entry.name}/`),
  )
}

/** Where the code that cites the documents is: product code, its build, benchmarks and tests. */
const CITING = ['src', 'server', 'shared', 'build', 'bench', 'testing', 'e2e']
const CITING_FILE = /\.(ts|tsx|js|css)$/

/** A document's headings as a citation writes them: their text, code spans as plain text. */
function headingsOf(markdown: string): string[] {
  return proseLines(markdown)
    .map((line) => /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1])
    .filter((heading): heading is string => heading !== undefined)
    .map((heading) => heading.replace(/`/g, ''))
}

/** The document a citation names: `docs/api.md` as written, `rules.md` in docs/ or at the root. */
function citedDocument(root: string, name: string): string | undefined {
  const candidates = name.includes('/') ? [name] : [`docs/${name}`, name]
  return candidates.find((candidate) => existsSync(join(root, candidate)))
}

/** A comment's line without its markers: what a citation wrapped onto it goes on with. */
const commentText = (line: string) => line.replace(/^\s*(\*+\/?|\/\/+|\{?\/\*+)?\s*/, '')

/**
 * What is wrong with the code's citations of the documents (`rules.md § Stock`, `docs/api.md
 * § Orders, mail`), one line each: a document the repository does not have, or a heading it does
 * not have. A citation is the text after `§` (joined with the next comment line when it wraps),
 * which must begin with one of the document's headings; `§ A / § B` and `§ A and § B` cite both.
 */
export function citationProblems(root: string): string[] {
  const problems: string[] = []
  const headings = new Map<string, string[]>()
  const headingsIn = (file: string) => {
    let found = headings.get(file)
    if (!found) headings.set(file, (found = headingsOf(readFileSync(join(root, file), 'utf8'))))
    return found
  }
  const cites = (text: string, known: string[]) =>
    known.some(
      (heading) => text.startsWith(heading) && !/^[\p{L}\p{N}]/u.test(text.slice(heading.length)),
    )
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(path)
      return CITING_FILE.test(entry.name) ? [path] : []
    })
  const files = CITING.filter((dir) => existsSync(join(root, dir))).flatMap(walk)
  for (const file of files) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n')
    lines.forEach((line, index) => {
      for (const match of line.matchAll(/([\w./-]*\.md) \u00a7\s*/g)) {
        const name = match[1] ?? ''
        const where = `${file}:${index + 1}`
        const document = citedDocument(root, name)
        if (!document) {
          problems.push(`${where}: cites ${name}, which the repository does not have`)
          continue
        }
        const known = headingsIn(document)
        // The citation, and its next line when it wraps there (a comment going on).
        const rest = line.slice((match.index ?? 0) + match[0].length).replace(/`/g, '')
        const next = commentText(lines[index + 1] ?? '')
        const joined = `${rest} ${next.replace(/`/g, '')}`.replace(/\s+/g, ' ').trim()
        const first = cites(rest, known) ? rest : joined
        // `§ A / § B` and `§ A and § B`: the same document's, up to the next document cited.
        const scope =
          `${rest} ${next.replace(/`/g, '')}`
            .replace(/\s+/g, ' ')
            .split(/[\w./-]*\.md \u00a7/)[0] ?? ''
        const sections = [
          first,
          ...[...scope.matchAll(/(?:\/|\band) \u00a7 ?([^\u00a7]*)/g)].map((m) => m[1] ?? ''),
        ]
        for (const section of sections)
          if (!cites(section, known))
            problems.push(
              `${where}: cites ${name} § ${section.slice(0, 40).trim()}…, a heading ${document} does not have`,
            )
      }
    })
  }
  return problems
}
