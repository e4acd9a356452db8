import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'

/** The production server (`server.ts`) as its own process, the way `npm start` runs it. */
export type ServerProcess = { child: ChildProcess; url: string; output(): string; stop(): Promise<number | null> }

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

const running = new Set<ChildProcess>()

export async function startServerProcess(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const port = await freePort()
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
  const deadline = Date.now() + 60_000
  while (!/academy ready/.test(output)) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${plain()}`)
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
