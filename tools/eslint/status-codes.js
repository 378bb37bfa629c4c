// The order machine (src/domain/order) is the product's one rule table. Outside the domain nothing
// keeps its own copy of it: no status compared with a code, no list of codes. Code asks the machine
// (tags, meta, `can`) or a domain's named question instead. This reads the syntax tree, so a list
// is caught wherever it sits and whatever it is called (a run like [1, 2, 3], which also numbers
// steps and segments, only near the word "status"); the eslint config exempts the domain and the
// migrations (frozen history).

/** Order status codes are 0-13; HTTP codes and other numbers are no business of this rule. */
const isCode = (node) => node?.type === 'Literal' && Number.isInteger(node.value) && node.value >= 0 && node.value <= 13;

/** `status`, `orderStatus`, `STATUS` (not `statusCode`: that names something else). */
const STATUS_NAME = /(?:^|[a-z_])status$/i;
const namesStatus = (name) => typeof name === 'string' && STATUS_NAME.test(name);

/** The expression under `x!`, `x as T`, `x satisfies T`, `(x)` and `a?.b`. */
function unwrapped(node) {
  let current = node;
  while (['TSNonNullExpression', 'TSAsExpression', 'TSSatisfiesExpression', 'TSTypeAssertion', 'ChainExpression'].includes(current?.type))
    current = current.expression;
  return current;
}

/** `status`, `order.status`, `order?.status`, `row['status']`, `meta.orderStatus`. */
function isStatusLike(node) {
  const inner = unwrapped(node);
  if (inner?.type === 'Identifier') return namesStatus(inner.name);
  if (inner?.type !== 'MemberExpression') return false;
  if (!inner.computed) return namesStatus(inner.property.name);
  return inner.property.type === 'Literal' && namesStatus(inner.property.value);
}

const COMPARISONS = new Set(['===', '!==', '==', '!=', '<', '>', '<=', '>=']);

/** Two or more elements, every one a code: `[2, 3, 12]`, inside `new Set<number>(...)` or `.includes(...)` alike. */
const isCodeList = (elements) => elements.length >= 2 && elements.every((element) => isCode(element));

/** `[1, 2, 3]`: counting up by one, as steps and segments are numbered (and some lists of statuses). */
const isRange = (elements) => elements.every((element, index) => index === 0 || element.value === elements[index - 1].value + 1);

/**
 * A range is reported only near the word "status": the progress bar's segments and steps are
 * ranges too. Every other list of codes is reported wherever it is.
 */
const NEAR_LINES = 5;
function nearTheWordStatus(sourceCode, node) {
  const first = Math.max(0, node.loc.start.line - 1 - NEAR_LINES);
  return /status/i.test(sourceCode.lines.slice(first, node.loc.end.line + NEAR_LINES).join('\n'));
}

/** `0 | 1 | 2`: three or more codes (two, like `1 | 3`, are as often a pair of anything else). */
const isCodeUnion = (types) =>
  types.filter((type) => type.type === 'TSLiteralType' && isCode(type.literal)).length >= 3 &&
  types.every((type) => type.type === 'TSLiteralType');

/** `{ 0: '…', 1: '…', 2: '…' }`: an object keyed by three or more codes. */
function isCodeKeyed(properties) {
  const key = (property) =>
    property.type === 'Property' && !property.computed && property.key.type === 'Literal' ? Number(property.key.value) : Number.NaN;
  return properties.filter((property) => Number.isInteger(key(property)) && key(property) >= 0 && key(property) <= 13).length >= 3;
}

/** SQL that compares a status with codes: `status in (1, 2, 3)`, `status = 2`, `status <> 0`. */
const SQL_STATUS = /status\s*(?:(?:not\s+)?in\s*\(\s*\d{1,2}(?:\s*,\s*\d{1,2})*\s*\)|(?:=|<>|!=|<=|>=|<|>)\s*(?:[0-9]|1[0-3])(?![\d.]))/i;

/** Kysely's `.where('status', '=', 2)` and `.where('o.status', '<>', 8)`. */
function isQueryComparison(node) {
  const [ref, operator, value] = node.arguments;
  const callee = unwrapped(node.callee);
  const method = callee?.type === 'MemberExpression' && !callee.computed ? callee.property.name : null;
  if (!['where', 'orWhere', 'having', 'on', 'andWhere'].includes(method)) return false;
  const column = ref?.type === 'Literal' && typeof ref.value === 'string' ? ref.value.split('.').pop() : null;
  return namesStatus(column) && operator?.type === 'Literal' && typeof operator.value === 'string' && isCode(value);
}

const messages = {
  compared:
    'A status compared with the code {{code}}: ask the order machine (a tag or meta of src/domain/order, `can`, or an ability the server sends), or a named question of the domain it belongs to.',
  list: 'A list of status codes ({{codes}}): the order machine is the one rule table; ask it (tags, meta, `can`) instead of keeping a list.',
  union: 'A type of status codes ({{codes}}): use the domain’s Status type, and ask the machine which of them fit.',
  keyed: 'A table keyed by status codes: put what a status means in the machine’s meta (src/domain/order/display.ts).',
  sql: 'SQL that compares a status with codes: ask the machine which statuses fit (e.g. STATUSES.filter(statusHasTag)) and pass them as parameters.',
};

const codesOf = (nodes) => nodes.map((node) => String(node.value)).join(', ');

function create(context) {
  const reportComparison = (node, literal) => context.report({ node, messageId: 'compared', data: { code: String(literal.value) } });
  const reportList = (node, codes) => {
    if (isCodeList(codes) && (!isRange(codes) || nearTheWordStatus(context.sourceCode, node)))
      context.report({ node, messageId: 'list', data: { codes: codesOf(codes) } });
  };
  const checkSql = (node, text) => {
    if (SQL_STATUS.test(text)) context.report({ node, messageId: 'sql' });
  };
  return {
    BinaryExpression(node) {
      if (!COMPARISONS.has(node.operator)) return;
      const [left, right] = [unwrapped(node.left), unwrapped(node.right)];
      if (isCode(right) && isStatusLike(left)) reportComparison(node, right);
      else if (isCode(left) && isStatusLike(right)) reportComparison(node, left);
    },
    SwitchStatement(node) {
      if (!isStatusLike(node.discriminant)) return;
      for (const branch of node.cases) if (isCode(unwrapped(branch.test))) reportComparison(branch, unwrapped(branch.test));
    },
    ArrayExpression(node) {
      reportList(node, node.elements);
    },
    TSTupleType(node) {
      reportList(
        node,
        node.elementTypes.map((type) => (type.type === 'TSLiteralType' ? type.literal : null)),
      );
    },
    TSUnionType(node) {
      if (isCodeUnion(node.types)) context.report({ node, messageId: 'union', data: { codes: codesOf(node.types.map((t) => t.literal)) } });
    },
    ObjectExpression(node) {
      if (isCodeKeyed(node.properties)) context.report({ node, messageId: 'keyed' });
    },
    CallExpression(node) {
      if (isQueryComparison(node)) reportComparison(node, node.arguments[2]);
    },
    TemplateLiteral(node) {
      checkSql(node, node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(' ${} '));
    },
    Literal(node) {
      if (typeof node.value === 'string') checkSql(node, node.value);
    },
  };
}

export const statusCodes = {
  rules: {
    'ask-the-machine': { meta: { type: 'problem', schema: [], messages }, create },
  },
};
