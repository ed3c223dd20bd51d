/**
 * ESLint (flat config) of the web app: `npm run lint` (zero warnings allowed).
 *
 * - JavaScript and typescript-eslint recommended rules (type-checked for TypeScript: floating
 *   promises, unsafe `any`...), React hooks (with the React Compiler checks) and react-refresh (a
 *   component file exports components only, so fast refresh works).
 * - Import boundaries (web/README.md#layout): imports flow one way, `config` (and `theme.ts`) →
 *   `lib` → `components` → `features` → `app` → `main.tsx`; a feature never imports another
 *   feature (what two features share lives in lib/ or components/, or app/ hands it over); only
 *   tests import `src/testing/`; no import cycles. Tests may import any layer, but not across
 *   features either.
 * - Comments are JSDoc/TypeScript style: Rust's `//!` inner doc comments are refused.
 * - No inline `style` attributes in JSX: Mantine style props (`w`, `miw`, `flex`, `c`, `tt`...)
 *   first, then a co-located `*.module.css` with `var(--mantine-*)` tokens (web/README.md#style).
 *   A value computed at runtime goes through a style prop or a CSS variable (`__vars`); a true
 *   exception carries `// eslint-disable-next-line no-restricted-syntax -- <why>`.
 * - Formatting is Prettier's (`npm run format:check`); eslint-config-prettier turns off the rules
 *   that would disagree with it.
 */
import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier/flat';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TEST_FILES = ['src/**/*.test.{ts,tsx}', 'src/testing/**'];

/** Layers from the bottom up: a layer may import its own and lower layers only. */
const LAYERS = [
  ['./src/config', './src/theme.ts'],
  ['./src/lib'],
  ['./src/components'],
  ['./src/features'],
  ['./src/app'],
  ['./src/main.tsx'],
];

const layerZones = LAYERS.flatMap((layer, rank) =>
  layer.map((target) => ({
    target,
    from: [...LAYERS.slice(rank + 1).flat(), './src/testing'],
    message:
      'Imports flow config → lib → components → features → app (web/README.md#layout); only tests may import src/testing.',
  })),
);

/** One zone per feature: nothing under src/features/ but the feature itself. */
const featureZones = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message:
      'A feature does not import another feature: move what they share to lib/ or components/ (web/README.md#layout).',
  }));

/** Refuses Rust-style `//!` comments: web files use `/** ... *\/` file headers and `//` notes. */
const noRustDocComments = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Disallow Rust-style `//!` doc comments' },
    messages: { rustDoc: 'Use a `/** ... */` comment (or `//`) instead of Rust-style `//!`.' },
    schema: [],
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          if (comment.type === 'Line' && comment.value.startsWith('!')) {
            context.report({ loc: comment.loc, messageId: 'rustDoc' });
          }
        }
      },
    };
  },
};

export default defineConfig(
  globalIgnores(['dist/', 'coverage/', 'e2e/screenshots/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    name: 'web/all',
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX, web: { rules: { 'no-rust-doc-comments': noRustDocComments } } },
    settings: {
      // Lets import-x parse the TypeScript files it follows (no-cycle reads the whole graph).
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'web/no-rust-doc-comments': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    name: 'web/app',
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    extends: [reactHooks.configs.flat['recommended-latest'], reactRefresh.configs.vite],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='style']",
          message:
            'No inline styles: use Mantine style props (w, maw, miw, flex, p, c, fw, ta, lh, tt, pos…) or a co-located Name.module.css with var(--mantine-*) tokens (web/README.md#style).',
        },
      ],
    },
  },
  {
    name: 'web/tests',
    files: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: featureZones }],
    },
  },
  {
    // Plain JavaScript (this file, scripts/) is not part of the TypeScript project.
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    name: 'web/node',
    files: ['e2e/**', 'scripts/**', '*.{js,mjs,ts}'],
    languageOptions: { globals: globals.node },
  },
  prettier,
);
