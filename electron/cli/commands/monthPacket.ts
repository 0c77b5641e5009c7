/**
 * `district-recon month packet --month 2026-10 [--payee ID] --out FILE.pdf [--force] [--db FILE | --database URL]`
 * The auditor's packet of a school's month (--payee), or the district packet over every school's.
 * Exit 0 written, 1 refused or failed (one line says why; nothing half written), 2 usage.
 * The `month` dispatcher (commands/month*.ts) runs this as its `packet` subcommand.
 */
import { ContractError } from '../../../shared/contract';
import { openExistingStore } from '../existingStore';
import { intFlag, parseFlags, UsageError } from '../args';
import { PacketFileError, savePacketFile } from '../packetFile';
import { MONTH_PACKET } from '../subcommandUsage';
import { stderr as standardError, stdout as standardOutput, type Printer } from '../output';

const USAGE = MONTH_PACKET.split('\n\n')[0]!;

export async function runMonthPacket(
  argv: string[],
  io: { stdout: Printer; stderr: Printer } = { stdout: standardOutput, stderr: standardError },
): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    strings: ['month', 'payee', 'out', 'db', 'database'],
    booleans: ['force'],
  });
  if (positionals.length) throw new UsageError(`unexpected ${JSON.stringify(positionals[0])}\n${USAGE}`);
  if (!values.month || !/^\d{4}-(0[1-9]|1[0-2])$/.test(values.month))
    throw new UsageError(`--month must be a month as YYYY-MM, such as 2026-10\n${USAGE}`);
  if (!values.out) throw new UsageError(`--out FILE.pdf is required\n${USAGE}`);
  const payeeId = intFlag(values.payee, 'payee', 1, Number.MAX_SAFE_INTEGER);
  const engine = await openExistingStore(values);
  try {
    const printed = await engine.call('month.packet', { month: values.month, payeeId });
    const path = await savePacketFile(values.out, Buffer.from(printed.pdfBase64, 'base64'), values.force ?? false);
    io.stdout.write(
      `Wrote ${path}: the ${payeeId === undefined ? 'district' : `payee ${payeeId}`} packet of ${values.month}${printed.draft ? ', DRAFT (the month is not closed)' : ''}; content SHA-256 ${printed.sha256}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ContractError || error instanceof PacketFileError) {
      io.stderr.write(`district-recon month packet: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await engine.close();
  }
}
