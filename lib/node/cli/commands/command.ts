/** A subcommand: its usage line and `run(argv) → exit code` (commands/index.ts lists them). */
export interface CliCommand {
  usage: string;
  run: (argv: string[]) => Promise<number>;
}
