import js from '@eslint/js'
import tseslint from 'typescript-eslint'

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
    // published provider API over HTTP, never through the casino's code (conventions §1).
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
