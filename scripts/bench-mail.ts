/** `npm run bench:mail` (not part of npm test or CI): the mail section of `npm run bench` alone. */
import { mailFigures } from './bench/mail-throughput.js';
import { mailRows, printRows } from './bench/report.js';

printRows(mailRows(await mailFigures()));
// The product's mailer keeps its idle connections open a while.
process.exit(0);
