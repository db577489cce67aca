import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

// Import direction (DESIGN.md): renderer/ is a headless core; widgets/ use the renderer's public entry;
// src/ wires everything; server/ shares only the pure schema and contract modules.
const ui = ['antd', 'antd/*', '@ant-design/*', '@formily/antd-v5', '@formily/antd-v5/*']
const rule = (patterns) => ['error', { patterns }]

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'storybook-static', 'bench/results', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': rule([
        { group: ui, message: 'renderer/ is headless: UI kits belong in widgets/.' },
        {
          regex: '(^|/)(widgets|src|server)(/|$)',
          message: 'renderer/ never imports widgets/, src/ or server/.',
        },
      ]),
    },
  },
  {
    files: ['widgets/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': rule([
        { regex: '(^|/)(src|server)(/|$)', message: 'widgets/ never import src/ or server/.' },
        {
          regex: '(^|/)renderer/(?!(index|validation|page-document/index)$).+',
          message:
            "widgets/ import the renderer's public entries only ('renderer/index', 'renderer/validation' for the page validators, 'renderer/page-document/index' for the designer's document model).",
        },
      ]),
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': rule([
        {
          group: [...ui, 'react', 'react-dom', 'react/*', '@formily/*'],
          message: 'server/ imports nothing of the browser.',
        },
        { regex: '(^|/)(widgets|src|stories)(/|$)', message: 'server/ imports nothing of the browser.' },
        {
          // page-document: the designer's JSON printer, so a model file the server edits is written as prettier would.
          regex: '(^|/)renderer/(?!(schema|contract|page-document)/).+',
          message:
            'server/ may import only renderer/schema, renderer/contract and renderer/page-document (pure modules).',
        },
      ]),
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': rule([
        { regex: '(^|/)server(/|$)', message: 'src/ talks to server/ over HTTP only.' },
      ]),
    },
  },
)
