// The front end's linter (bash run.sh check and test run it): ESLint's and
// typescript-eslint's recommended rules for the TypeScript sources (browser ES modules),
// plus the few that catch a view's usual slips. tsc checks the types (npm run typecheck).
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  js.configs.recommended,
  {
    files: ["src/**/*.ts"],
    extends: [tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
    rules: {
      "no-unused-vars": "off",
      "@typescript-eslint/no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": "error", // types are erased: `import type`
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
      // the page's markup is made by the html tag (html.ts), which escapes every value:
      // no HTML written from a string, no untagged template handed to the patcher
      "no-restricted-syntax": ["error",
        { selector: "AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]", message: "Build markup with html`...` (html.ts) and patch it in (morph.ts)." },
        { selector: "CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment|parseFromString|write|writeln)$/]", message: "Build markup with html`...` (html.ts) and patch it in (morph.ts)." },
        { selector: "CallExpression[callee.name=/^(patchHtml|part)$/][arguments.1.type=/^(TemplateLiteral|BinaryExpression|Literal)$/]", message: "Markup is html`...`, never a plain string." },
        { selector: "CallExpression[callee.name=/^(patchHtml|part)$/] > ConditionalExpression > :matches(TemplateLiteral, BinaryExpression, Literal).consequent, CallExpression[callee.name=/^(patchHtml|part)$/] > ConditionalExpression > :matches(TemplateLiteral, BinaryExpression, Literal).alternate", message: "Markup is html`...`, never a plain string." },
        { selector: "Property[key.name='html'] > :matches(TemplateLiteral, BinaryExpression, Literal)", message: "A part's markup is html`...`, never a plain string." },
        { selector: "TaggedTemplateExpression[tag.name!='html']", message: "The only template tag is html (html.ts)." },
      ],
      "max-lines": ["error", { max: 400, skipBlankLines: true, skipComments: true }],
      "max-lines-per-function": ["error", { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // the one place markup enters the page: SafeHtml only (checked there at run time)
    files: ["src/morph.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    // generated from the Python declarations (alhambra_widget/views/contract/)
    files: ["src/contract.ts"],
    rules: { "max-lines": "off" },
  },
  {
    files: ["test/**/*.js", "tools/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node, ...globals.browser } },
  },
);
