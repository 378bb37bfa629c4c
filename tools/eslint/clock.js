// The domain reads no clock. `Date.now()`, `new Date()` and `Date()` are banned by name
// (restricted-globals.js); this rule closes the ways around those names: the global Date used as
// a value (`const D = Date; new D()`, `[Date][0]()`), and a date formatter asked to format
// without a date (`new Intl.DateTimeFormat().format()` formats now).

/** The uses of the global Date that cannot read the clock: converting a given value, and its types. */
function harmlessDateUse(identifier) {
  const parent = identifier.parent;
  if (parent.type === 'MemberExpression' && parent.object === identifier)
    return !parent.computed && ['parse', 'UTC'].includes(parent.property.name);
  // `new Date(x)` converts x; a spread may be empty, and then it is `new Date()`.
  if (parent.type === 'NewExpression' && parent.callee === identifier)
    return parent.arguments.length > 0 && parent.arguments[0].type !== 'SpreadElement';
  return false;
}

const messages = {
  dateValue:
    'The global Date used as a value can read the clock: pass time in as an argument (Date.parse, Date.UTC and new Date(value) convert).',
  formatNow: '{{name}}() without a date formats the current time: pass time in as an argument and format it.',
};

/** `format()` and `formatToParts()` with no date (or undefined): Intl.DateTimeFormat's formatters read the clock then. */
const FORMATS = new Set(['format', 'formatToParts']);

function create(context) {
  return {
    Program(node) {
      const scope = context.sourceCode.getScope(node);
      const globalDate = scope.set.get('Date');
      const references = globalDate ? globalDate.references : scope.through.filter((reference) => reference.identifier.name === 'Date');
      for (const reference of references) {
        if (!reference.isValueReference || harmlessDateUse(reference.identifier)) continue;
        context.report({ node: reference.identifier, messageId: 'dateValue' });
      }
    },
    CallExpression(node) {
      const callee = node.callee.type === 'ChainExpression' ? node.callee.expression : node.callee;
      if (callee.type !== 'MemberExpression' || callee.computed || !FORMATS.has(callee.property.name)) return;
      const [date] = node.arguments;
      const noDate = date === undefined || (date.type === 'Identifier' && date.name === 'undefined');
      if (noDate) context.report({ node, messageId: 'formatNow', data: { name: callee.property.name } });
    },
  };
}

export const clock = {
  rules: {
    'no-clock-aliases': { meta: { type: 'problem', schema: [], messages }, create },
  },
};
