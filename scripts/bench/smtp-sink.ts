/**
 * The mail server of `npm run bench:mail`, in a process of its own as a relay would be: the SMTP
 * stand-in the tests use. Prints `listening <url>` and exits when its stdin ends.
 */
import { startSmtpStandIn } from '../../tests/api/support/smtp-stand-in.js';

const server = await startSmtpStandIn();
console.log(`listening ${server.url}`);
process.stdin.resume();
process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
