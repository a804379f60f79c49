/** The session's access token as a request carries it; none for a guest's request. */
export const bearer = (token: string | undefined): Record<string, string> =>
  token ? { Authorization: `Bearer ${token}` } : {}
