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
