/**
 * A small HTTP client for the contract that behaves like the browser app: same-origin
 * Origin header, JSON bodies, and a cookie jar per signed-in user.
 */
export type ApiResponse<T = any> = { status: number; body: T; headers: Headers }

export class ApiClient {
  private cookie = ''

  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    init: { headers?: Record<string, string>; rawBody?: BodyInit } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { origin: this.baseUrl, ...init.headers }
    if (this.cookie) headers.cookie = this.cookie
    let payload: BodyInit | undefined = init.rawBody
    if (body !== undefined) {
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(body)
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body: payload, redirect: 'manual' })
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';')
      const [name, value] = pair!.split('=')
      if (name === 'payload-token') this.cookie = value && !/Expires=Thu, 01 Jan 1970/i.test(setCookie) ? `${name}=${value}` : ''
    }
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers }
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path)
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body)
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body)
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body)
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path)
  }

  async login(username: string, password: string): Promise<this> {
    const res = await this.post('/api/login', { username, password })
    if (res.status !== 200) throw new Error(`login as ${username} failed: ${res.status} ${JSON.stringify(res.body)}`)
    return this
  }

  get sessionCookie(): string {
    return this.cookie
  }
}
