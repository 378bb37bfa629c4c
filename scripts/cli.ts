import { safeError } from '../src/api/http/safe-error.js';
import { ConfigError } from '../src/config.js';

/** A command line the script cannot use: its message says how to call it. */
export class UsageProblem extends Error {
  override readonly name = 'UsageProblem';
}

/**
 * Runs an operator's command and sets the exit code: 2 for a problem the operator can fix (the
 * configuration, the command line, or what `explain` names: its text is printed), 1 for a failure.
 */
export async function runCommand(
  name: string,
  command: () => Promise<void>,
  explain: (error: unknown) => string | undefined,
): Promise<void> {
  try {
    await command();
  } catch (error) {
    const explained = error instanceof UsageProblem ? error.message : explain(error);
    if (error instanceof ConfigError) console.error(error.message);
    else if (explained !== undefined) console.error(`${name}: ${explained}`);
    else console.error(`${name} failed:`, safeError(error));
    process.exitCode = error instanceof ConfigError || explained !== undefined ? 2 : 1;
  }
}
