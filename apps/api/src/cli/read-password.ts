/**
 * Asks for a password on the terminal without echoing it. Ctrl-C aborts the command; backspace
 * works as people expect.
 */
export function readPassword(prompt: string): Promise<string> {
  const { stdin, stderr } = process;
  if (!stdin.isTTY) {
    return Promise.reject(new Error('no terminal to ask for a password: use --password-stdin'));
  }
  stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve) => {
    let typed = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\u0003') {
          stderr.write('\n');
          process.exit(130);
        } else if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          stderr.write('\n');
          resolve(typed);
          return;
        } else if (char === '\u007f' || char === '\b') {
          typed = typed.slice(0, -1);
        } else {
          typed += char;
        }
      }
    };
    stdin.on('data', onData);
  });
}
