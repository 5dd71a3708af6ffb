import { posix, relative, sep } from 'node:path'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

/** Where an import specifier points, relative to the repository root; null for a package. */
function importTarget(specifier, importer) {
  const alias = /^#(app|common|server|db|locales|tests)\//.exec(specifier)
  if (alias) return `${alias[1]}/${specifier.slice(alias[0].length)}`
  if (specifier.startsWith('.'))
    return posix.normalize(posix.join(posix.dirname(importer), specifier))
  return null
}

const moduleOf = (path) => /^server\/modules\/([^/]+)\//.exec(path)?.[1]

/**
 * The server's floor plan. A module (`server/modules/<m>/`) is reached from outside only through
 * its public face `index.ts`, or its `*.tables.ts` for foreign keys; `server/app.ts` also
 * registers its `<m>.plugin.ts`. Flows (`server/flows/`) reach modules the same way, and modules
 * never reach flows. Nothing in `server/` imports `app/` (the browser's code). Type-only imports
 * count too. Test files obey the same rule: they may use their own module's internals (as any
 * file of the module may), other modules' index.ts, and the shared helpers and factories in
 * `tests/`. Checked in `tests/architecture/module-boundaries.test.ts`.
 */
const moduleBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      internal:
        "'{{specifier}}' is internal to the {{module}} module: import its index.ts (or its *.tables.ts for a foreign key).",
      flow: "Modules never import flows: a module's routes receive a flow as a dependency.",
      app: "server/ never imports app/ ('{{specifier}}').",
    },
    schema: [],
  },
  create(context) {
    const importer = relative(context.cwd, context.filename).split(sep).join('/')
    if (!importer.startsWith('server/')) return {}
    const from = moduleOf(importer)
    const check = (node) => {
      const specifier = node.source?.value
      if (typeof specifier !== 'string') return
      const target = importTarget(specifier, importer)
      if (!target) return
      const report = (messageId, data = {}) =>
        context.report({ node: node.source, messageId, data: { specifier, ...data } })
      if (target.startsWith('app/')) return report('app')
      if (from && target.startsWith('server/flows/')) return report('flow')
      const to = moduleOf(target)
      if (!to || to === from) return
      const file = target.slice(`server/modules/${to}/`.length)
      const isPublic =
        file === 'index.ts' ||
        /^[^/]+\.tables\.ts$/.test(file) ||
        (importer === 'server/app.ts' && file === `${to}.plugin.ts`)
      if (!isPublic) report('internal', { module: to })
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    }
  },
}

/** The repository's own rules. */
export const aurum = { rules: { 'module-boundaries': moduleBoundaries } }

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'node_modules/**',
      'data/**',
      '.react-router/**',
      'test-results/**',
      'playwright-report/**',
      '.test-build/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    files: ['server/**'],
    plugins: { aurum },
    rules: { 'aurum/module-boundaries': 'error' },
  },
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // Fastify handlers and React Router loaders are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-invalid-void-type': 'off',
      '@typescript-eslint/no-confusing-void-expression': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration from server/config/env.ts only.',
        },
      ],
    },
  },
  {
    // The bundled Demo Studio stands for an outside studio: it knows the casino only through the
    // published provider API over HTTP, never through the casino's code.
    files: ['providers/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['#*', '**/server/**', '**/db/**', '**/app/**', '**/tests/**'],
              message: 'A studio reaches the casino only through the provider API.',
            },
          ],
        },
      ],
    },
  },
  {
    // React Router's loaders throw `data()` and `redirect()` responses by design.
    files: ['app/routes/**'],
    rules: { '@typescript-eslint/only-throw-error': 'off' },
  },
  {
    files: [
      'server/config/env.ts',
      'scripts/**',
      'tests/**',
      'playwright.config.ts',
      'vitest.config.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      parserOptions: { projectService: false, project: null },
      globals: { console: 'readonly', process: 'readonly' },
    },
  },
)
