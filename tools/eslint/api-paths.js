// The web calls the API through the endpoint map (src/domain/contract/endpoints): `call(endpoint,
// body)`, `upload(endpoint, …)`, `urlOf(endpoint, params)`. A path typed out in the web is a second
// copy of the contract that nothing checks, and drifts from it; the eslint config applies this rule
// to src/web. It reads the syntax tree alone.

/** `/api/…` and `/v1/…` (and the bare prefixes): an address of the API. */
const API_PATH = /^\/(?:api|v1)(?:\/|$)/;

/** The text a string or template literal starts with (a template's first static part). */
function leadingText(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral') return node.quasis[0]?.value.cooked ?? node.quasis[0]?.value.raw ?? '';
  return null;
}

/** The leftmost operand of `a + b + c`, which a concatenated path starts with. */
function leftmost(node) {
  let current = node;
  while (current?.type === 'BinaryExpression' && current.operator === '+') current = current.left;
  return current;
}

/** `post(…)`, `upload(…)`, `api.post(…)`: the old string-path client's calls. */
function calleeName(node) {
  const callee = node.callee;
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') return callee.property.name;
  return null;
}
const PATH_CALLS = new Set(['post', 'upload']);

const messages = {
  apiPath:
    "An API path written out ('{{text}}'): call the endpoint of src/domain/contract/endpoints instead (call, upload, urlOf; pathOf for path parameters).",
  stringCall:
    '{{name}}() with a path: pass the endpoint of src/domain/contract/endpoints (call(endpoint, body), upload(endpoint, form, …)).',
};

function create(context) {
  const checkText = (node) => {
    const text = leadingText(node);
    if (text !== null && API_PATH.test(text)) context.report({ node, messageId: 'apiPath', data: { text } });
  };
  return {
    Literal: checkText,
    TemplateLiteral: checkText,
    CallExpression(node) {
      const name = calleeName(node);
      if (!name || !PATH_CALLS.has(name)) return;
      const first = node.arguments[0];
      const text = leadingText(leftmost(first));
      if (text !== null && text.startsWith('/') && !API_PATH.test(text))
        context.report({ node: first, messageId: 'stringCall', data: { name } });
    },
  };
}

export const apiPaths = {
  rules: {
    'through-the-endpoint-map': { meta: { type: 'problem', schema: [], messages }, create },
  },
};
