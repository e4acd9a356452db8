/**
 * `node scripts/parallel.mjs lint typecheck test:unit`: runs the named npm scripts at the same
 * time and fails when any of them fails. Each one's output is kept and printed whole when it
 * ends, so the log reads as if they had run one after another.
 *
 * `npm test` starts with the checks that read the sources and nothing else (lint, types, unit
 * rules): each of them is mostly one core's work, so on CI's two cores they take the time of the
 * longest instead of the sum.
 */
import { spawn } from 'node:child_process'

const scripts = process.argv.slice(2)
if (scripts.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script> [<npm script> ...]')
  process.exit(2)
}

/** One npm script to its end: its exit code, its output and how long it took. */
function run(script) {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    })
    const output = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)))
    child.on('close', (code, signal) =>
      resolve({ script, code: code ?? (signal ? 1 : 0), output: Buffer.concat(output), seconds: (performance.now() - started) / 1000 }),
    )
  })
}

const results = await Promise.all(
  scripts.map((script) =>
    run(script).then((result) => {
      process.stdout.write(result.output)
      console.log(`[parallel] ${script}: ${result.code === 0 ? 'passed' : `failed (exit ${result.code})`} in ${result.seconds.toFixed(1)} s`)
      return result
    }),
  ),
)
const failed = results.filter((result) => result.code !== 0)
if (failed.length > 0) {
  console.error(`[parallel] failed: ${failed.map((result) => result.script).join(', ')}`)
  process.exit(1)
}
