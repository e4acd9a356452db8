// @ts-check
import node from '@astrojs/node'
import react from '@astrojs/react'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'astro/config'

export default defineConfig({
  srcDir: './astro-site',
  output: 'server',
  // server.ts mounts Astro's handler and serves dist/client itself.
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  compressHTML: true,
  build: { inlineStylesheets: 'always' },
  security: {
    checkOrigin: false,
    // Astro hashes its own inline scripts and styles into a CSP meta tag.
    csp: { scriptDirective: { resources: ["'self'", 'https://js.stripe.com'] } },
  },
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ['payload', '@payloadcms/db-postgres', 'sharp', 'pg'] },
  },
})
