import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // test/api/generated/: openapi-typescript's output (test/api/openapi-types.test.ts regenerates it).
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', 'bench-results/', 'coverage/', 'test/api/generated/', '**/*.tmp.mjs', '**/*.tmp.mts', '**/*.tmp.ts'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through src/server/config.ts only.',
        },
      ],
    },
  },
  {
    files: ['src/server/config.ts', 'scripts/**', 'test/**', 'vite.config.ts', 'vitest.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, web: { rules: { layers: webLayersRule() } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../server/*', '../server/*', '**/server/**'], message: 'The browser cannot import server code.' }] },
      ],
      // Imports flow shared (components, lib, content, testing) → features → pages → app, and
      // no feature imports another one (bulletproof-react's rule, done by resolving the path).
      'web/layers': 'error',
    },
  },
);

/**
 * The web app's import layers. Relative imports are resolved against the importing file,
 * so `../stats/x` from features/create-link is caught as well as deeper paths.
 */
function webLayersRule() {
  const rank = { shared: 0, features: 1, pages: 2, app: 3, entry: 4 };
  const sharedFolders = new Set(['components', 'lib', 'content', 'testing']);
  const layerOf = (file) => {
    const normalised = file.replaceAll('\\', '/');
    const at = normalised.lastIndexOf('/src/web/');
    if (at === -1) return normalised.includes('/src/shared/') ? { layer: 'shared' } : undefined;
    const [first, second] = normalised.slice(at + '/src/web/'.length).split('/');
    if (first === 'features') return { layer: 'features', feature: second };
    if (first === 'pages' || first === 'app') return { layer: first };
    if (sharedFolders.has(first)) return { layer: 'shared' };
    return { layer: 'entry' };
  };
  return {
    meta: { type: 'problem', schema: [], messages: { upward: '{{from}} may not import from {{to}}.', feature: 'Features may not import from another feature ({{to}}).' } },
    create(context) {
      const from = layerOf(context.filename);
      const check = (node) => {
        const source = node.source?.value;
        if (from === undefined || typeof source !== 'string' || !source.startsWith('.')) return;
        const target = layerOf(new URL(source, `file://${context.filename.replaceAll('\\', '/')}`).pathname);
        if (target === undefined) return;
        if (from.layer === 'features' && target.layer === 'features' && target.feature !== from.feature) {
          context.report({ node, messageId: 'feature', data: { to: `features/${target.feature}` } });
        } else if (rank[target.layer] > rank[from.layer]) {
          context.report({ node, messageId: 'upward', data: { from: from.layer, to: target.layer } });
        }
      };
      return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
    },
  };
}
