// Enforces the architecture's import boundaries by resolving every relative import against the
// importing file, so `../../api/x.js` is caught however deep the importer sits.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Folder of the project (relative to the root) that a file belongs to, most specific first. */
const areas = ['src/domain', 'src/database', 'src/projections', 'src/api', 'src/web', 'eventstore'];

function areaOf(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  return areas.find((a) => rel === a || rel.startsWith(`${a}/`)) ?? null;
}

/** What each area may not import: other areas, and for the pure domain also Node's built-ins. */
const forbidden = {
  'src/domain': { areas: ['src/database', 'src/projections', 'src/api', 'src/web', 'eventstore'], nodeBuiltins: true },
  eventstore: { areas: ['src/api', 'src/web', 'src/database', 'src/projections'], nodeBuiltins: false },
  'src/web': { areas: ['src/database', 'src/projections', 'src/api', 'eventstore'], nodeBuiltins: true },
};

function check(context, node, source) {
  if (typeof source !== 'string') return;
  const fromArea = areaOf(context.filename);
  const rule = fromArea && forbidden[fromArea];
  if (!rule) return;
  if (source.startsWith('.')) {
    const target = areaOf(path.resolve(path.dirname(context.filename), source));
    if (target && target !== fromArea && rule.areas.includes(target)) {
      context.report({ node, message: `${fromArea} must not import from ${target} ('${source}').` });
    }
    return;
  }
  if (rule.nodeBuiltins && source.startsWith('node:')) {
    context.report({ node, message: `${fromArea} must not import Node built-ins ('${source}').` });
  }
}

export const boundaries = {
  rules: {
    imports: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const visit = (node) => check(context, node, node.source?.value);
        return {
          ImportDeclaration: visit,
          ExportNamedDeclaration: visit,
          ExportAllDeclaration: visit,
          ImportExpression: visit,
        };
      },
    },
  },
};
