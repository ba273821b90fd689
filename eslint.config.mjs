// ESLint 9 flat config: typescript-eslint, the React hooks rules, Next's rules,
// and the layer rules of the house as import restrictions, so a wrong-way
// import fails `npm run lint` instead of waiting for a reviewer.
//   lib/        → lib/ only (pure, framework-free)
//   db/         → lib/ (never app/ or components/)
//   components/ → lib/ (never app/ or db/)
//   app/        → anything
import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** An import of one of `folders`, by alias (`@/db/…`) or by a relative path (`../../db/…`). */
function forbidLayers(folders, why) {
  const names = folders.join("|");
  return {
    "no-restricted-imports": ["error", { patterns: [{ regex: `^(@/|(\\.\\./)+)(${names})(/|$)`, message: why }] }],
  };
}

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".next/",
      ".next-*/",
      "data/",
      "test-data/",
      "test-results/",
      "bench-out/",
      "examples/",
      "db/migrations/",
      "next-env.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,mjs}"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        Buffer: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      eqeqeq: ["error", "always", { null: "ignore" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "@next/next": nextPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
    },
  },
  {
    files: ["lib/**/*.{ts,tsx}"],
    rules: forbidLayers(["db", "app", "components"], "lib/ is pure: it imports only from lib/ (docs/decisions.md)."),
  },
  {
    files: ["db/**/*.ts"],
    rules: forbidLayers(["app", "components"], "db/ imports only lib/ (docs/decisions.md)."),
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: forbidLayers(["app", "db"], "components/ render prepared data: they import only lib/ (docs/decisions.md)."),
  },
);
