import fs from 'node:fs';
import path from 'node:path';

/** Generated passwords are written here, beside the data, when no terminal is attached. */
export const SECRETS_FILE_NAME = 'generated-passwords.txt';
export const SECRETS_FILE_MODE = 0o600;

/**
 * Where a generated password goes (docs/operations.md, "Generated passwords"): on the terminal when
 * standard output is one (someone is watching), otherwise appended to `file`, readable by the
 * server's own user only (0600 whatever the umask), because a service's standard output ends in a
 * log collector (journald, docker logs) that keeps it. Never into the JSON log. Answers the lines to
 * print: the secret lines themselves, or where they were written.
 */
export function secretLines(lines: readonly string[], { file, terminal = process.stdout.isTTY === true, now = new Date() }: { file: string; terminal?: boolean; now?: Date }): string[] {
  if (lines.length === 0) return [];
  if (terminal) return [...lines];
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const fd = fs.openSync(file, 'a', SECRETS_FILE_MODE);
  try {
    fs.fchmodSync(fd, SECRETS_FILE_MODE); // openSync's mode is reduced by the umask, and an older file may have another
    fs.writeSync(fd, `# ${now.toISOString()}\n${lines.map((line) => line.trim()).join('\n')}\n`);
  } finally {
    fs.closeSync(fd);
  }
  return [`  A generated password was written to ${file} (readable by this user only; not shown here, since no terminal is attached: read it, then delete the file)`];
}
