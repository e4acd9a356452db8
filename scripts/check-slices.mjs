#!/usr/bin/env node
/**
 * Fails on a cycle between the slices of src/api (ARCHITECTURE.md, Slices): every import counts,
 * type-only and schema imports included, since a cycle of types is a cycle of ideas. Prints each
 * knot with the imports that make it. Run by `npm run lint`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

const API = path.resolve('src/api')
/** Not slices: shared plumbing below every slice. */
const INFRASTRUCTURE = new Set(['lib'])
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"]#api\/([\w-]+)(?:\/[\w.-]+)?['"]/g

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return filesUnder(full)
    return /\.(ts|tsx)$/.test(name) ? [full] : []
  })
}

/** slice → (slice it imports → the files that import it). */
export function sliceGraph() {
  const graph = new Map()
  for (const slice of readdirSync(API)) {
    const dir = path.join(API, slice)
    if (INFRASTRUCTURE.has(slice) || !statSync(dir).isDirectory()) continue
    const edges = new Map()
    for (const file of filesUnder(dir)) {
      if (/\.test\.tsx?$/.test(file)) continue
      for (const [, target] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        if (target === slice || INFRASTRUCTURE.has(target)) continue
        if (!edges.has(target)) edges.set(target, new Set())
        edges.get(target).add(path.relative(process.cwd(), file))
      }
    }
    graph.set(slice, edges)
  }
  return graph
}

/** Tarjan's strongly connected components with more than one slice. */
export function knots(graph) {
  let index = 0
  const stack = []
  const state = new Map()
  const found = []
  const visit = (node) => {
    state.set(node, { index, low: index, onStack: true })
    index++
    stack.push(node)
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!graph.has(next)) continue
      if (!state.has(next)) {
        visit(next)
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low)
      } else if (state.get(next).onStack) state.get(node).low = Math.min(state.get(node).low, state.get(next).index)
    }
    const own = state.get(node)
    if (own.low !== own.index) return
    const component = []
    let member
    do {
      member = stack.pop()
      state.get(member).onStack = false
      component.push(member)
    } while (member !== node)
    if (component.length > 1) found.push(component.sort())
  }
  for (const node of graph.keys()) if (!state.has(node)) visit(node)
  return found
}

const graph = sliceGraph()
const found = knots(graph)
if (found.length === 0) {
  console.log(`slices: ${graph.size}, no cycle between them`)
} else {
  for (const component of found) {
    console.error(`A cycle between the slices ${component.join(', ')}:`)
    for (const from of component)
      for (const [to, files] of graph.get(from)) if (component.includes(to)) console.error(`  ${from} → ${to}  (${[...files].join(', ')})`)
  }
  process.exitCode = 1
}
