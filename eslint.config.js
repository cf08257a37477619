// ESLint: TypeScript, React hooks and accessibility rules; formatting is Prettier's job.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['build/', 'dist/', 'drizzle/', 'test-results/', 'playwright-report/', '.react-router/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrolling table region must be reachable by keyboard (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['region', 'tabpanel'], allowExpressionValues: true }],
      // The admin names which slot an image fills ("Featured image of Villa Sol").
      'jsx-a11y/img-redundant-alt': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The two classic rules. The React Compiler rules of react-hooks 7 (set-state-in-effect, refs)
    // flag patterns this app relies on (a hydration flag, refs read in event handlers), and the
    // compiler is not used here.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Code the public pages run in a phone's browser: the first localeCompare in a page builds
    // ICU's collator, 26-50 ms of a main thread at 4x CPU (issue 27; docs/performance.md).
    files: ['src/web/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    ignores: ['src/web/admin/**', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'localeCompare', message: 'Compare by code point: a public page pays for ICU collation.' },
      ],
    },
  },
  {
    // Tests read loosely typed JSON answers.
    files: ['tests/**/*.ts', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  prettier,
)
