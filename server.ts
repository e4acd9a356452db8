/**
 * The process's entry (architecture: "The shape"). Node's tick shape is kept first, before the
 * app's modules load and the collector first runs (ADR 022); then the app starts
 * (src/main.ts).
 */
import '#server/tick-shape.server'

await import('./src/main')
