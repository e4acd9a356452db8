/** Polls `check` every 25 ms until it holds or `timeoutMs` passes: a change another process must hear of first. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 2000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return true
    await new Promise((r) => setTimeout(r, 25))
  }
  return false
}
