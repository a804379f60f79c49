/**
 * Loaded before a server process's own code (`startServerProcess(env, { clockAheadMs })`, through
 * Node's `--import`): the process's clock reads MERIDIAN_CLOCK_AHEAD_MS ahead of the machine's, as
 * if the process ran that much later. For the tests of what waits for time to pass (a mail's
 * lease, a retry's time), which would otherwise wait for it. The server itself has no such
 * setting: its clock is Date.now() (server/clock.ts), and only Date.now() moves here.
 */
const ahead = Number(process.env.MERIDIAN_CLOCK_AHEAD_MS ?? 0)
const machineNow = Date.now.bind(Date)
Date.now = () => machineNow() + ahead
