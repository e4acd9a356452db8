// @ts-check
import node from '@astrojs/node'
import react from '@astrojs/react'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'astro/config'

import { PAGE_CSP_DIRECTIVES, PAGE_SCRIPT_SOURCES, PAGE_STYLE_SOURCES } from './src/server/security-headers.server.ts'

export default defineConfig({
  srcDir: './astro-site',
  output: 'server',
  // server.ts mounts Astro's handler and serves dist/client itself.
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  compressHTML: true,
  // No Markdown code blocks on the site; Shiki's inline styles would also break the CSP.
  markdown: { syntaxHighlight: false },
  build: { inlineStylesheets: 'always' },
  security: {
    checkOrigin: false,
    // On-demand pages get this policy as a response header, with the hashes of every inline
    // script (island bootstrap) and style Astro emits; see src/server/security-headers.server.ts.
    csp: {
      directives: [...PAGE_CSP_DIRECTIVES],
      scriptDirective: { resources: PAGE_SCRIPT_SOURCES },
      styleDirective: { resources: PAGE_STYLE_SOURCES },
    },
  },
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ['payload', '@payloadcms/db-postgres', 'sharp', 'pg'] },
  },
})
