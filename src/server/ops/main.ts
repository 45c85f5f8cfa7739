import { runAdmin } from './admin.ts';
import { backup, restore } from './backup.ts';
import { OpsError, UsageError, opsConfig } from './context.ts';

/**
 * `npm run admin|backup|restore -- ...` (scripts/ops.mjs): what a school's IT person runs on the
 * server machine, with the server's own configuration. Each prints what it did and exits 0; any
 * bad argument or failure is one line on stderr and a non-zero exit (2: how it was asked; 1:
 * what happened).
 */
async function main(tool: string | undefined, args: string[]): Promise<void> {
  const print = (line: string) => process.stdout.write(`${line}\n`);
  const folderOf = (verb: string): string => {
    if (args.length !== 1 || args[0]!.startsWith('-')) {
      throw new UsageError(`Usage: npm run ${verb} -- <folder>`);
    }
    return args[0]!;
  };
  switch (tool) {
    case 'admin':
      return runAdmin(args, opsConfig(), print);
    case 'backup':
      await backup(opsConfig(), folderOf('backup'), print);
      return;
    case 'restore':
      return restore(opsConfig(), folderOf('restore'), print);
    default:
      throw new UsageError(`Unknown tool "${tool ?? ''}": admin, backup or restore.`);
  }
}

const [tool, ...args] = process.argv.slice(2);
main(tool, args).then(
  () => process.exit(0),
  (err: unknown) => {
    const known = err instanceof UsageError || err instanceof OpsError;
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`${known ? message : `${tool} failed: ${message}`}\n`);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);
