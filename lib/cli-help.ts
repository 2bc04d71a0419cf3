/**
 * `--help` (or `-h`) of a command-line script: its usage on stdout and exit 0,
 * before the script reads a setting, starts a server, writes a file or runs
 * anything (tests/lifecycle/script-help.spec.ts runs every script so).
 */
export function exitOnHelp(usage: string, argv: readonly string[] = process.argv.slice(2)): void {
  if (!argv.includes('--help') && !argv.includes('-h')) return;
  console.log(usage.trim());
  process.exit(0);
}

/** The script's options as `parse` reads them; a parse error prints its message and the usage on stderr and exits 2. */
export function optionsOrExit<T>(parse: () => T, usage: string): T {
  try {
    return parse();
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${usage}`);
    process.exit(2);
  }
}
