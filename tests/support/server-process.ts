import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'

/** The production server (`server.ts`) as its own process, the way `npm start` runs it. */
export type ServerProcess = { child: ChildProcess; url: string; output(): string; stop(): Promise<number | null> }

/** Whether nothing listens on `port` of the loopback address now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/**
 * A port free at the time of asking, below Linux's ephemeral range (32768–60999). A port the
 * kernel hands out (`listen(0)`) comes from that range, where the suite's own outgoing
 * connections (PostgreSQL, SMTP, Stripe's stand-in) also take their local ports: one of them could
 * take it in the seconds before a child process binds it (a CI run failed so, EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000)
    if (await canListen(port)) return port
  }
  throw new Error('no free port between 20000 and 32000')
}

const running = new Set<ChildProcess>()

export async function startServerProcess(env: Record<string, string | undefined>): Promise<ServerProcess> {
  // Another process may still take the chosen port before the child binds it: then another port.
  for (let tries = 1; ; tries++) {
    try {
      return await startOnce(env)
    } catch (error) {
      if (tries >= 3 || !(error instanceof PortTaken)) throw error
    }
  }
}

class PortTaken extends Error {}

async function startOnce(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const port = env.PORT === undefined ? await freePort() : Number(env.PORT)
  let output = ''
  // JOBS_AUTORUN off unless asked: the billing calendar would bill months by the machine's clock.
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: String(port), JOBS_AUTORUN: 'false', ...env }
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key]
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  child.once('exit', () => running.delete(child))
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  // eslint-disable-next-line no-control-regex
  const plain = () => output.replace(/\x1b\[[0-9;]*m/g, '')
  // Generous: three replicas starting together on an empty database wait for the one that
  // migrates and seeds it, and on a busy 2-core CI machine that took more than a minute once.
  const deadline = Date.now() + 150_000
  while (!/academy ready/.test(output)) {
    if (child.exitCode !== null) {
      // A port the test chose itself is the test's to retry; only a port chosen here is retried here.
      if (env.PORT === undefined && /EADDRINUSE/.test(output)) throw new PortTaken(`port ${port} was taken`)
      throw new Error(`server exited early:\n${plain()}`)
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${plain()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output: plain,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode)
        child.once('exit', (code) => resolve(code))
        child.kill('SIGTERM')
      }),
  }
}

/** Stops every server a test file started, also after a failed assertion. */
export async function stopAllServerProcesses(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve())
          child.kill('SIGTERM')
        }),
    ),
  )
}
