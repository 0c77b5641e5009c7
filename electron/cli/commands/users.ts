/**
 * `district-recon users add NAME --role R | list | disable NAME | password NAME [--db FILE | --database URL]`: the district server's
 * accounts. A password never comes from a flag (other users of the machine can read argv): it is
 * RECON_USER_PASSWORD, or typed twice at a prompt that does not echo.
 */
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseFlags, UsageError } from '../args';
import { databaseOf, engineOn, withExistingStore, type DatabaseFlags } from '../existingStore';
import { stderr, stdout } from '../output';

const USAGE =
  'use: users add NAME --role viewer|preparer|approver|admin, users list, users disable NAME, or users password NAME (users --help says more)';

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    strings: ['db', 'database', 'role'],
    booleans: ['json'],
    maxPositionals: 2,
  });
  const [action, name] = positionals;
  if (action === 'add') return add(name, values.role, values);
  if (values.role !== undefined) throw new UsageError('--role goes with "users add" only');
  if (action === 'list') {
    if (name !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(name)}`);
    return list(values, values.json);
  }
  if (action === 'disable') return disable(name, values);
  if (action === 'password') return resetPassword(name, values);
  throw new UsageError(USAGE);
}

async function add(name: string | undefined, role: string | undefined, flags: DatabaseFlags): Promise<number> {
  if (!name) throw new UsageError('users add needs a NAME');
  if (!role) throw new UsageError('users add needs --role viewer|preparer|approver|admin');
  const database = databaseOf(flags);
  const path = database.databasePath;
  // Adding the first admin may come before the first serve: the database is created then, not later.
  if (path !== undefined && !existsSync(dirname(path)))
    throw new UsageError(`the folder ${dirname(path)} does not exist`);
  const password = await passwordFor(name);
  const engine = await engineOn(database, { host: 'cli' });
  try {
    const user = await engine.team.users.add({ name, role, password });
    stdout.write(`Added ${user.name} (${user.role}).\n`);
    return 0;
  } finally {
    await engine.close();
  }
}

/** Refused as usage (exit 2) before anything is asked: only `users add` creates the database. */
function requireDatabase(flags: DatabaseFlags): void {
  const path = databaseOf(flags).databasePath;
  if (path !== undefined && !existsSync(path)) throw new UsageError(`there is no database at ${path}`);
}

async function list(flags: DatabaseFlags, json: boolean): Promise<number> {
  requireDatabase(flags);
  return withExistingStore(flags, async (engine) => {
    const users = await engine.team.users.list();
    if (json) {
      stdout.write(JSON.stringify(users.map(({ id: _id, ...user }) => user)) + '\n');
    } else if (users.length === 0) {
      stdout.write('No users yet. Add one: district-recon users add NAME --role admin\n');
    } else {
      for (const user of users) {
        stdout.write(
          `${user.name.padEnd(24)} ${user.role.padEnd(9)} ${user.disabled ? 'disabled' : 'active  '} since ${user.createdAt}\n`,
        );
      }
    }
    return 0;
  });
}

async function disable(name: string | undefined, flags: DatabaseFlags): Promise<number> {
  if (!name) throw new UsageError('users disable needs a NAME');
  requireDatabase(flags);
  await withExistingStore(flags, (engine) => engine.team.users.disable(name));
  stdout.write(`Disabled ${name.trim()}; their sessions have ended.\n`);
  return 0;
}

async function resetPassword(name: string | undefined, flags: DatabaseFlags): Promise<number> {
  if (!name) throw new UsageError('users password needs a NAME');
  requireDatabase(flags);
  const password = await passwordFor(name);
  await withExistingStore(flags, (engine) => engine.team.users.setPassword(name, password));
  stdout.write(`New password set for ${name.trim()}; their sessions have ended.\n`);
  return 0;
}

async function passwordFor(name: string): Promise<string> {
  const fromEnv = process.env.RECON_USER_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) {
    throw new UsageError('set RECON_USER_PASSWORD, or run on a terminal to type the password (never as a flag)');
  }
  const first = await promptHidden(`Password for ${name}: `);
  const second = await promptHidden('Again: ');
  if (first !== second) throw new UsageError('the two passwords differ; nothing was added');
  return first;
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (ch === '\u0003' || ch === '\u0004') {
          finish();
          reject(new UsageError('cancelled; nothing was added'));
          return;
        }
        value = ch === '\u007f' || ch === '\b' ? value.slice(0, -1) : value + ch;
      }
    };
    stderr.write(question);
    stdin.setEncoding('utf8');
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}
