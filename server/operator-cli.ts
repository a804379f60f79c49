import * as v from 'valibot'
import { hashPassword } from './auth/password.ts'
import { loadConfig } from './config.ts'
import { privateDataDir } from './data-dir.ts'
import { MIN_OPERATOR_PASSWORD, operatorEmail } from './operators/operator-sessions.ts'
import { openStorage } from './storage/open-storage.ts'

/**
 * `npm run operator -- add EMAIL` and `npm run operator -- remove EMAIL` (docs/operating.md
 * § The operator): the shop's operators, on the storage the server uses (DATA_DIR's SQLite, or
 * DATABASE_URL), whether or not the server runs. The password comes from OPERATOR_PASSWORD, or is
 * asked on the terminal without being shown.
 */

const USAGE = `Usage: npm run operator -- add EMAIL     (password from OPERATOR_PASSWORD, or asked)
       npm run operator -- remove EMAIL`

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

/** The first line of a stream that is no terminal (a password piped in by a script). */
async function firstLine(stream: NodeJS.ReadStream): Promise<string> {
  let text = ''
  for await (const chunk of stream) {
    text += String(chunk)
    if (text.includes('\n')) break
  }
  return text.split(/\r?\n/)[0] ?? ''
}

/** A line from the terminal, not echoed; from standard input's first line when it is no terminal. */
function askHidden(question: string): Promise<string> {
  const { stdin, stdout } = process
  if (!stdin.isTTY) return firstLine(stdin)
  stdout.write(question)
  stdin.setRawMode(true)
  stdin.setEncoding('utf8')
  stdin.resume()
  return new Promise((resolve) => {
    let typed = ''
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') {
          stdin.setRawMode(false)
          stdin.pause()
          stdin.off('data', onData)
          stdout.write('\n')
          resolve(typed)
          return
        }
        if (character === '\u0003') fail('\nCancelled')
        typed = character === '\u007f' ? typed.slice(0, -1) : typed + character
      }
    }
    stdin.on('data', onData)
  })
}

async function main(): Promise<void> {
  const [command, given] = process.argv.slice(2)
  if ((command !== 'add' && command !== 'remove') || given === undefined) fail(USAGE)
  const email = operatorEmail(given!)
  if (!v.is(v.pipe(v.string(), v.email(), v.maxLength(254)), email))
    fail(`Not an email address: ${given}`)
  // The storage's settings as the server reads them. This command signs nothing, so a database
  // server's JWT_SECRET (which the server must have) is not asked of it.
  const config = loadConfig({
    ...process.env,
    JWT_SECRET: process.env.JWT_SECRET ?? (process.env.DATABASE_URL ? 'x'.repeat(32) : undefined),
  })
  if (!config.database) privateDataDir(config.dataDir)
  const storage = await openStorage(config)
  try {
    if (command === 'remove') {
      if (!(await storage.operators.remove(email))) fail(`No operator ${email}`)
      process.stdout.write(`Operator ${email} removed; their sessions have ended.\n`)
      return
    }
    const password = process.env.OPERATOR_PASSWORD ?? (await askHidden(`Password for ${email}: `))
    if (password.length < MIN_OPERATOR_PASSWORD || password.length > 128)
      fail(`The password must be ${MIN_OPERATOR_PASSWORD} to 128 characters long`)
    const { added } = await storage.operators.put(email, await hashPassword(password), Date.now())
    process.stdout.write(
      added
        ? `Operator ${email} added: they sign in at /admin.\n`
        : `Operator ${email} has a new password; their sessions have ended.\n`,
    )
  } finally {
    await storage.close()
  }
}

await main()
