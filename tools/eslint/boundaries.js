// Enforces the architecture's import boundaries (the allow-lists in areas.js and the zones of
// src/web). Relative imports are resolved against the importing file, so `../../api/x.js` is caught
// however deep the importer sits.
import { builtinModules } from 'node:module';
import path from 'node:path';
import { areas, governedFolders } from './areas.js';
import { relativeToRoot, within } from './paths.js';
import { webZoneOf, webZoneProblem } from './web-zones.js';

const areaOf = (rel) => areas.find((area) => area.paths.some((p) => within(rel, p))) ?? null;

/** 'pkg' of 'pkg/sub/path' and '@scope/pkg' of '@scope/pkg/sub/path'. */
function packageNameOf(source) {
  const parts = source.split('/');
  return source.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const isNodeBuiltin = (source) =>
  source.startsWith('node:') || builtinModules.includes(source) || builtinModules.includes(packageNameOf(source));

/** '@vanilla-extract/*' allows every package of the scope; other entries name one package. */
const allowsPackage = (allowed, name) =>
  allowed.some((entry) => (entry.endsWith('/*') ? name.startsWith(entry.slice(0, -1)) : entry === name));

function packageProblem(area, source) {
  if (isNodeBuiltin(source)) return area.nodeBuiltins ? null : { messageId: 'builtin', data: { area: area.name, source } };
  if (allowsPackage(area.packages, packageNameOf(source))) return null;
  return { messageId: 'package', data: { area: area.name, source, allowed: area.packages.join(', ') } };
}

function fileProblem(area, fromRel, toRel) {
  if (area.paths.some((p) => within(toRel, p))) return area.name === 'src/web' ? webZoneProblem(fromRel, toRel) : null;
  if (area.folders.some((folder) => within(toRel, folder))) return null;
  const allowed = area.folders.length === 0 ? 'only its own files' : `its own files and ${area.folders.join(', ')}`;
  return { messageId: 'folder', data: { area: area.name, target: toRel, allowed } };
}

/** What is wrong with `source` imported by the file at `fromRel` of `area`, or null. */
function problemOf(area, filename, fromRel, source) {
  const isPath = source.startsWith('.') || path.isAbsolute(source);
  if (!isPath) return packageProblem(area, source);
  return fileProblem(area, fromRel, relativeToRoot(path.resolve(path.dirname(filename), source)));
}

/** The module specifier of an import-like node when it is a plain string, else undefined. */
function sourceOf(node) {
  if (node.type === 'TSExternalModuleReference') return node.expression?.value;
  if (node.source) return node.source.value;
  // TSImportType (`import('pkg').T`) of typescript-eslint versions before it had `source`.
  return node.argument?.literal?.value;
}

const messages = {
  package: "{{area}} may not import the package '{{source}}' (it may use: {{allowed}}).",
  builtin: "{{area}} may not import Node built-ins ('{{source}}').",
  folder: '{{area}} may not import {{target}} (it may use {{allowed}}).',
  otherFeature: '{{from}} may not import {{to}}: features are private; move what both need to a shared folder ({{shared}}).',
  featureInternals: 'src/web/app may import a feature only through its pages (*-page), not {{to}}.',
  zone: '{{from}} may not import {{to}}: in src/web, main.tsx imports the app shell, the shell imports feature pages, and shared folders import no feature.',
  unassigned: '{{file}} belongs to no area: add it to an area in tools/eslint/areas.js (or move it into one).',
  webUnzoned: '{{file}} belongs to no zone of src/web: put it in a feature, src/web/app or a shared folder.',
};

function create(context) {
  const filename = context.filename;
  const fromRel = relativeToRoot(filename);
  const area = areaOf(fromRel);
  const visit = (node) => {
    const source = sourceOf(node);
    if (!area || typeof source !== 'string') return;
    const problem = problemOf(area, filename, fromRel, source);
    if (problem) context.report({ node, ...problem });
  };
  return {
    Program(node) {
      if (!area && governedFolders.some((folder) => within(fromRel, folder)))
        context.report({ node, messageId: 'unassigned', data: { file: fromRel } });
      if (area?.name === 'src/web' && !webZoneOf(fromRel)) context.report({ node, messageId: 'webUnzoned', data: { file: fromRel } });
    },
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
    TSImportType: visit,
    TSExternalModuleReference: visit,
  };
}

export const boundaries = {
  rules: {
    imports: { meta: { type: 'problem', schema: [], messages }, create },
  },
};
