import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { orderMachine } from '../src/domain/index.js';
import { renderTransitionTable, withTransitionTable } from './docs/transition-table.js';

/**
 * `npm run docs:transitions`: writes the order machine's statuses and transitions into
 * docs/order-statuses.md between its markers, formatted like the rest of the tree.
 * tests/docs/transition-table.test.ts fails while the checked-in table differs from the machine.
 */
const file = fileURLToPath(new URL('../docs/order-statuses.md', import.meta.url));
const document = withTransitionTable(await readFile(file, 'utf8'), renderTransitionTable(orderMachine.root));
const options = await resolveConfig(file);
await writeFile(file, await format(document, { ...options, filepath: file }));
console.log(`wrote the transition table into ${file}`);
