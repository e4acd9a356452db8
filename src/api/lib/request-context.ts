import type { PayloadRequest } from 'payload'

/**
 * Runs `work` with `key` set to `value` in the request's context, and takes it away afterwards,
 * whatever happens: a permission a collection hook reads (such as "this invoice's payment is
 * being recorded") lasts for that one operation and never leaks into the rest of the request.
 */
export async function withRequestContext<T>(req: PayloadRequest, key: string, value: unknown, work: () => Promise<T>): Promise<T> {
  req.context ??= {}
  const before = req.context[key]
  req.context[key] = value
  try {
    return await work()
  } finally {
    if (before === undefined) delete req.context[key]
    else req.context[key] = before
  }
}
