// The linter (`npm run lint`, part of `npm test`): ESLint's and typescript-eslint's recommended
// rules over every workspace's sources (the spec's examples and test fixtures as written), React's
// rules of hooks in the renderer. Syntax-only (no
// type information), so it runs in seconds; the type checker (`npm run typecheck`) does the rest.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "**/dist-electron/**", "**/release/**", "**/*.cjs", "**/fixtures/**", "engine/test/spec-examples/**", "e2e/test-results/**", "e2e/playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: { ...globals.node } },
    rules: {
      // `_`-prefixed names are deliberately unused: a field left out of a spread, an argument a
      // signature requires.
      // The AI SDK's tool types are written with `any` (`Tool<any, any>`, `ToolSet`); the engine's
      // generic positions mirror them. Strict type checking covers the rest.
      "@typescript-eslint/no-explicit-any": "off",
      // `{}` is JSX's own convention: no props, no intrinsic elements.
      "@typescript-eslint/no-empty-object-type": "off",
      // TypeScript looks JSX types up in a declared `JSX` namespace.
      "@typescript-eslint/no-namespace": ["error", { allowDeclarations: true }],
      // A `let` a closure reads before it is assigned (a listener that unsubscribes itself) stays a let.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
  {
    // TypeScript itself reports undefined names in .ts files (and knows the DOM where it applies).
    files: ["**/*.{ts,tsx}"],
    rules: { "no-undef": "off" },
  },
  {
    files: ["renderer/**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["renderer/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    // The two classic rules; the React Compiler's (set-state-in-effect, refs, …) assume a compiler
    // this renderer does not use.
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
);
