// @ts-check
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The layers of ARCHITECTURE.md as rules: each zone names who may not import what.
 * `target` is the importing code, `from` the code it may not reach.
 */
/** The signed-in areas, each a folder; the public pages' islands are the files at the top of src/islands. */
const ISLAND_AREAS = ['admin', 'portal', 'billing', 'teach']
/** The browser-safe files of src/api: each slice's schemas (exceptions are absolute globs). */
const SCHEMA_FILES = ['./src/api/*/schemas.ts', './src/api/*/*.schemas.ts']
const BROWSER_SAFE_API = ['**/src/api/*/schemas.ts', '**/src/api/*/*.schemas.ts']
const boundaries = [
  {
    // The browser never gets server code: islands reach the server only through /api.
    target: './src/islands',
    from: ['./src/server', './cms', './payload.config.ts', './astro-site'],
    message: "Islands run in the browser: talk to the server through src/islands/api, share rules through src/shared or a slice's schemas.",
  },
  {
    // Of src/api, the browser may only have the slices' schemas (zod schemas, DTO types, messages).
    target: './src/islands',
    from: ['./src/api/**/*'],
    except: BROWSER_SAFE_API,
    message: "Islands run in the browser: of src/api they import only a slice's schemas (#api/<slice>/schemas, #api/<slice>/<topic>.schemas).",
  },
  // Feature areas of the browser never import each other; what they share lives in components/ui, lib or api.
  ...ISLAND_AREAS.map((area) => ({
    target: `./src/islands/${area}`,
    from: ISLAND_AREAS.filter((other) => other !== area).map((other) => `./src/islands/${other}`),
    message:
      'Island areas are independent: shared UI lives in the one kit src/islands/components/ui (dialog, toast, alerts, fields), shared code in lib or api.',
  })),
  {
    // Plumbing below the contract: the contract builds on the server, never the other way round.
    target: './src/server',
    from: ['./src/api', './src/islands', './astro-site'],
    message: 'src/server is the plumbing under the contract and may not import it.',
  },
  {
    // Shared rules are pure and isomorphic: no server, no Payload, no browser areas.
    target: './src/shared',
    from: ['./src/api', './src/server', './src/islands', './cms', './astro-site', './payload.config.ts'],
    message: 'src/shared holds pure rules used by the server and the browser alike.',
  },
  {
    // A slice's schemas are shipped to the browser with the forms: other schemas, src/shared and zod only.
    target: SCHEMA_FILES,
    from: ['./src/api/**/*', './src/server/**/*', './src/islands/**/*', './cms/**/*', './astro-site/**/*'],
    except: BROWSER_SAFE_API,
    message: 'Schemas are shared with the browser: keep them free of server code (other schemas, #shared and zod only).',
  },
  {
    target: SCHEMA_FILES,
    from: ['./payload.config.ts'],
    message: 'Schemas are shared with the browser: keep them free of server code (other schemas, #shared and zod only).',
  },
  {
    // A slice's operations are usable from endpoints, hooks, jobs and tests: they never depend on an endpoint.
    target: './src/api/*/!(*endpoints|index).ts',
    from: ['./src/api/*/endpoints.ts', './src/api/*/*.endpoints.ts'],
    message: 'Operations hold the rules; endpoints call them, not the other way round.',
  },
  {
    // Payload's data lives in cms/ and calls the slices (hooks call a slice's index.ts); a slice reads
    // of cms/ only the generated types. The session-user cache is the one exception, until it moves
    // below both (src/server): ending sessions must forget the cached user.
    target: './src/api/*/**',
    from: './cms',
    except: ['./payload-types.ts', './collections/Users/auth/sessionUserCache.ts'],
    message: 'A slice imports nothing of cms/ but the generated types (#cms/payload-types): hooks call slices, not the other way round.',
  },
  {
    target: './src/api/*/**',
    from: ['./payload.config.ts', './astro-site', './src/islands'],
    message: "Slices are below Payload's config, the pages and the browser.",
  },
]

/**
 * A slice is a folder `src/api/<slice>/`; its `index.ts` is its only public face for server code,
 * its `schemas.ts` and `<topic>.schemas.ts` the only part the browser and other schemas may use.
 * Inside a slice, files import each other as `./file`; from outside, `#api/<slice>` or a schemas
 * file. `src/api/lib` is shared infrastructure, not a slice, and may be imported file by file.
 */
const restrictedImportPatterns = [
  { regex: '^\\.\\./', message: 'Use a package import (#api/…, #server/…, #shared/…) instead of ../' },
  {
    regex: '^#api/(?!lib/)[^/]+/(?!(?:[\\w-]+\\.)?schemas$)',
    message:
      "Deep import into a slice: import its public face '#api/<slice>' (index.ts), or '#api/<slice>/schemas' / '#api/<slice>/<topic>.schemas' for browser-safe code (ARCHITECTURE.md, Slices).",
  },
]

const STRIPE_ADAPTER = 'src/api/payments/stripe-adapter.ts'
const STRIPE_CALLS = {
  selector:
    'CallExpression > MemberExpression.callee > MemberExpression.object[property.name=/^(accounts|customers|paymentIntents|paymentMethods|refunds|setupIntents|webhooks)$/]',
  message: 'Call Stripe through the one adapter, src/api/payments/stripe-adapter.ts (#api/payments).',
}
const DATABASE_MODULE = 'src/api/lib/database.ts'
const DATABASE_INTERNALS = {
  selector:
    "TSAsExpression > MemberExpression.expression[property.name='db'], MemberExpression[object.property.name='db'][property.name=/^(pool|drizzle|sessions)$/]",
  message:
    "Reach the database through src/api/lib/database.ts (#api/lib/database): poolOf, queryRows, inTransaction. It is the one file that reads the Postgres adapter's internals.",
}

/**
 * Raw SQL writes (ADR 024): a row is written through Payload's Local API, so its collection's
 * hooks, access and validation run, and the caches they drop are dropped. Raw INSERT, UPDATE and
 * DELETE are allowed only in the files below, each for the reason given.
 */
const RAW_SQL_WRITES = {
  selector: String.raw`:matches(TemplateElement[value.raw=/(INSERT\s+INTO|DELETE\s+FROM|UPDATE\s+\S+\s+SET)|(?<!FOR\s)UPDATE\s*$/], Literal[value=/(INSERT\s+INTO|DELETE\s+FROM|UPDATE\s+\S+\s+SET)/])`,
  message:
    'Write rows through the Local API (payload.create/update/delete), so hooks and access run; a raw INSERT/UPDATE/DELETE belongs only in a file of the allowlist in eslint.config.js, with its reason.',
}
const MACHINE_CLOCK = {
  selector: String.raw`:matches(NewExpression[callee.name='Date'][arguments.length=0], CallExpression[callee.object.name='Date'][callee.property.name='now'], CallExpression[callee.name=/^(todayIso|localToday)$/][arguments.length=0])`,
  message: "A shared schema reads the time from schemaNow() ('#shared/schema-clock'): on the server that is the academy's clock.",
}
const RAW_SQL_WRITE_ALLOWLIST = [
  // The restore writes every table of a backup as it was, below every hook, by design.
  'src/server/backup.server.ts',
  // rate_limits is the app's own table, no collection: a counter bumped in one statement.
  'src/api/lib/rate-limit.ts',
  'src/api/accounts/login-guard.ts',
  // Moving a household's rows between accounts (merge, a card leaving with its saver): every
  // column that names a household, in one transaction (HOUSEHOLD_COLUMNS); to be moved to the Local API.
  'src/api/households/family-data.ts',
  'src/api/households/merge.ts',
  'src/api/households/card-departure.ts',
  // A message's copies and their mail jobs, thousands at a time, in bulk; its status under SKIP LOCKED.
  'src/api/messages/delivery.ts',
  'src/api/messages/send.ts',
  // The mail job's own bookkeeping, under its row lock (ADR 018).
  'src/api/email/mail-jobs.ts',
  // A used reset token is cleared in the statement that checks it, so one link signs in once.
  'src/api/accounts/password-reset.ts',
  // Unit tests hand statements to the code that classifies them.
  'src/**/*.test.ts',
]

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'dist-*/**',
      '.astro/**',
      '.data/**',
      'cms/admin-app/.next/**',
      'cms/admin-app/next-env.d.ts',
      'cms/admin-app/app/(payload)/**',
      'cms/migrations/**',
      'cms/payload-types.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads no .ts module and no-cycle sees no cycle at all.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true, project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-duplicates': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-relative-packages': 'error',
      // One spelling of enrollment in names (the collection, the endpoints and the types use it).
      'id-match': ['error', '^(?![\\s\\S]*[Ee]nrolment)(?![Ee]nrols?$)[\\s\\S]*$', { properties: true, classFields: true, onlyDeclarations: false }],
      // Package imports (#api/…) instead of climbing folders.
      'no-restricted-imports': ['error', { patterns: restrictedImportPatterns }],
      eqeqeq: ['error', 'smart'],
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['src/islands/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Scrollable tables are focusable regions so keyboard users can scroll them (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'] }],
      // A dialog moves the focus to its first control when it opens (WAI-ARIA dialog pattern).
      'jsx-a11y/no-autofocus': 'off',
      // Tables that become cards on a phone keep their roles explicitly: CSS display changes drop them.
      'jsx-a11y/no-redundant-roles': ['error', { table: ['table'], thead: ['rowgroup'], tbody: ['rowgroup'], tr: ['row'], td: ['cell'], th: ['columnheader'] }],
      'jsx-a11y/no-interactive-element-to-noninteractive-role': ['error', { td: ['cell'] }],
    },
  },
  {
    // One UI kit: an island that needs a modal uses components/ui/Dialog instead of a <dialog> of its own.
    files: ['src/islands/**/*.tsx'],
    ignores: ['src/islands/components/ui/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='dialog']",
          message:
            'Use Dialog or ConfirmDialog from #islands/components/ui/Dialog: one accessible modal (focus, Escape, label, focus return) for every island.',
        },
      ],
    },
  },
  // One Stripe adapter (src/api/payments/stripe-adapter.ts): no Stripe resource is called anywhere else.
  // One way to the database (src/api/lib/database.ts): nothing else reads the Postgres adapter's
  // internals (its pool, drizzle instance or transaction sessions) by casting payload.db.
  {
    files: ['src/**/*.ts', 'cms/**/*.ts', 'server.ts'],
    ignores: [STRIPE_ADAPTER, DATABASE_MODULE],
    rules: { 'no-restricted-syntax': ['error', STRIPE_CALLS, DATABASE_INTERNALS, RAW_SQL_WRITES] },
  },
  // The schemas shared with the browser compare dates with schemaNow() (src/shared/schema-clock.ts),
  // the academy's clock on the server, never the machine's own.
  {
    files: ['src/**/schemas.ts', 'src/**/*.schemas.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', STRIPE_CALLS, DATABASE_INTERNALS, RAW_SQL_WRITES, MACHINE_CLOCK] },
  },
  { files: RAW_SQL_WRITE_ALLOWLIST, rules: { 'no-restricted-syntax': ['error', STRIPE_CALLS, DATABASE_INTERNALS] } },
  { files: ['scripts/**/*.ts', 'tests/**/*.ts'], rules: { 'no-restricted-syntax': ['error', DATABASE_INTERNALS] } },
  { files: [STRIPE_ADAPTER], rules: { 'no-restricted-syntax': ['error', DATABASE_INTERNALS, RAW_SQL_WRITES] } },
  { files: [DATABASE_MODULE], rules: { 'no-restricted-syntax': ['error', STRIPE_CALLS, RAW_SQL_WRITES] } },
  // The actor comes from defineEndpoint (src/api/http.ts), which checked its role: an operation
  // takes it as an argument and never reads req.user again (issue 40). Payload's access functions
  // and hooks (cms/) have no endpoint in front of them; care/audit.ts is such a hook, on Payload's REST.
  {
    files: ['src/api/**/*.ts'],
    ignores: ['src/api/http.ts', 'src/api/care/audit.ts', 'src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'req', property: 'user', message: 'Take the actor defineEndpoint hands the handler ({ user }) as an argument instead of reading req.user.' },
      ],
    },
  },
  {
    files: ['**/*.test.ts', 'tests/**/*.ts'],
    rules: {
      // Tests read loosely typed JSON answers.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Journeys take `test` and `expect` from the one set of fixtures (sign-in, new families, the admin's API).
    files: ['tests/e2e/**/*.e2e.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: restrictedImportPatterns,
          paths: [{ name: '@playwright/test', importNames: ['test', 'expect'], message: "Import test and expect from './support/fixtures'." }],
        },
      ],
    },
  },
  prettier,
)
