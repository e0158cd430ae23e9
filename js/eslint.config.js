// The front end's linter (bash run.sh test runs it): ESLint's recommended rules for
// browser ES modules, plus the few that catch a view's usual slips.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["src/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
      // the page's markup is made by the html tag (html.js), which escapes every value:
      // no HTML written from a string, no untagged template handed to the patcher
      "no-restricted-syntax": ["error",
        { selector: "AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]", message: "Build markup with html`...` (html.js) and patch it in (morph.js)." },
        { selector: "CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment|parseFromString|write|writeln)$/]", message: "Build markup with html`...` (html.js) and patch it in (morph.js)." },
        { selector: "CallExpression[callee.name=/^(patchHtml|part)$/][arguments.1.type=/^(TemplateLiteral|BinaryExpression|Literal)$/]", message: "Markup is html`...`, never a plain string." },
        { selector: "CallExpression[callee.name=/^(patchHtml|part)$/] > ConditionalExpression > :matches(TemplateLiteral, BinaryExpression, Literal).consequent, CallExpression[callee.name=/^(patchHtml|part)$/] > ConditionalExpression > :matches(TemplateLiteral, BinaryExpression, Literal).alternate", message: "Markup is html`...`, never a plain string." },
        { selector: "Property[key.name='html'] > :matches(TemplateLiteral, BinaryExpression, Literal)", message: "A part's markup is html`...`, never a plain string." },
        { selector: "TaggedTemplateExpression[tag.name!='html']", message: "The only template tag is html (html.js)." },
      ],
      "max-lines": ["error", { max: 400, skipBlankLines: true, skipComments: true }],
      "max-lines-per-function": ["error", { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // the one place markup enters the page: SafeHtml only (checked there at run time)
    files: ["src/morph.js"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    files: ["test/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node, ...globals.browser } },
  },
];
