/**
 * What the suite's server (playwright.config.ts's webServer) is told beyond the defaults: it logs
 * only what went wrong; /metrics and the operator's routes answer these tokens; this machine is a
 * trusted client (TRUSTED_CLIENTS), as a test runner is, so the suite's hundreds of shoppers,
 * orders and registrations from one address meet no limit keyed on an address; and it trusts
 * X-Forwarded-For, so a test that checks a limit is a client of its own, an untrusted one.
 */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-not-a-secret'
/** The operator's token: the orders and the stock, as the shop's operator sees them. */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-not-a-secret'

export const e2eServerEnv = {
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  METRICS_TOKEN: E2E_METRICS_TOKEN,
  ADMIN_TOKEN: E2E_ADMIN_TOKEN,
  TRUST_PROXY: 'true',
  TRUSTED_CLIENTS: '127.0.0.1, ::1',
}
