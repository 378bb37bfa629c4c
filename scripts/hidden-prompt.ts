/** Keys a terminal in raw mode sends for what a cooked terminal would do itself. */
const ENTER = new Set(['\r', '\n']);
const CANCEL = new Set(['\u0003', '\u0004']); // Ctrl-C, Ctrl-D
const BACKSPACE = new Set(['\u007f', '\b']);

export class PromptCancelled extends Error {
  override readonly name = 'PromptCancelled';
}

/**
 * Asks for one line on the terminal without echoing it (a password). Raw mode keeps the terminal
 * from printing what is typed; the prompt goes to stderr so stdout stays the script's report.
 */
export function readHiddenLine(
  question: string,
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WriteStream = process.stderr,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let typed: string[] = [];
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(typed.join(''));
    };
    const onData = (chunk: string) => {
      for (const key of chunk) {
        if (ENTER.has(key)) return finish();
        if (CANCEL.has(key)) return finish(new PromptCancelled('cancelled'));
        typed = BACKSPACE.has(key) ? typed.slice(0, -1) : [...typed, key];
      }
    };
    // Raw before asking: a key typed right after the question must not be echoed.
    input.setEncoding('utf8');
    input.setRawMode(true);
    input.on('data', onData);
    input.resume();
    output.write(question);
  });
}
