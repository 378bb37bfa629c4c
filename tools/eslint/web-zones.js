// Zones inside src/web: a feature is private to itself, so features stay independent and can be
// changed or removed alone. Code two features need lives in a shared folder; the app shell reaches a
// feature only through its pages (the router's entry points).
import path from 'node:path';
import { webSharedFolders } from './areas.js';
import { within } from './paths.js';

/** The zone of a file of src/web (path relative to the root), or null for a file in none. */
export function webZoneOf(rel) {
  const feature = /^src\/web\/features\/([^/]+)\//.exec(rel);
  if (feature) return { kind: 'feature', name: `src/web/features/${feature[1]}` };
  if (within(rel, 'src/web/app')) return { kind: 'app', name: 'src/web/app' };
  if (within(rel, 'src/web/main.tsx')) return { kind: 'entry', name: rel };
  const shared = webSharedFolders.find((folder) => within(rel, folder));
  return shared ? { kind: 'shared', name: shared } : null;
}

const isPage = (rel) => /-page(\.[jt]sx?)?$/.test(path.posix.basename(rel));

/** Why the file at `fromRel` may not import the file at `toRel` (both in src/web), or null. */
export function webZoneProblem(fromRel, toRel) {
  const from = webZoneOf(fromRel);
  const to = webZoneOf(toRel);
  if (!from || !to || from.name === to.name || from.kind === 'entry') return null;
  if (to.kind === 'shared') return null;
  if (from.kind === 'app' && to.kind === 'feature' && isPage(toRel)) return null;
  if (from.kind === 'feature' && to.kind === 'feature') {
    return { messageId: 'otherFeature', data: { from: from.name, to: to.name, shared: webSharedFolders.join(', ') } };
  }
  if (from.kind === 'app' && to.kind === 'feature') return { messageId: 'featureInternals', data: { to: toRel } };
  return { messageId: 'zone', data: { from: from.name, to: to.name } };
}
