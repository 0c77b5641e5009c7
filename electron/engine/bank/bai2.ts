/**
 * BAI2 (Cash Management Balance Reporting Specifications, version 2): previous-day statements from
 * treasury services. 01 file > 02 group (one as-of date) > 03 account > 16 details, each closed by
 * its trailer (49, 98, 99) whose control total and record count we check, so a file cut short or
 * edited by hand is refused whole instead of importing half a day.
 */
import {
  arrayFields,
  bai2Error,
  DetailCursor,
  directionOf,
  logicalRecords,
  parseBaiAmount,
  parseBaiDate,
  parseTypeCode,
  readFundsType,
  recordFields,
  trimText,
  type LogicalRecord,
} from './bai2Fields';
import {
  IdentityCounter,
  shown,
  StatementTally,
  type BankLine,
  type ParsedStatement,
  type StatementSource,
} from './types';

const CUT_SHORT = 'the file may be cut short — download it again';

interface Level {
  line: number;
  /** Physical records so far, 88s included, the header too. */
  records: number;
  /** Sum of the amounts under this level, as its trailer should state it. */
  total: number;
}

interface AccountLevel extends Level {
  account: string;
  currency: string | null;
  closingLedgerCents: number | null;
}

interface GroupLevel extends Level {
  asOf: string;
  currency: string | null;
  accounts: number;
}

function physicalCount(record: LogicalRecord): number {
  return 1 + record.continuations.length;
}

function checkTrailer(
  record: LogicalRecord,
  level: Level,
  what: { name: string; sum: string; owner: string },
  stated: { total: string; records: string },
): void {
  // A blank control total states nothing to check (moov-io/bai2 reads such trailers); the record
  // count still ties the trailer to what was read.
  const total =
    stated.total === '' ? null : parseBaiAmount(stated.total, record.line, `${what.name} control total`, true);
  if (total !== null && total !== level.total) {
    throw bai2Error(
      'total_mismatch',
      record.line,
      `${what.name} control total ${shown(stated.total)} does not match the sum of ${what.sum} (${level.total}); ${CUT_SHORT}`,
    );
  }
  const count = parseBaiAmount(stated.records, record.line, `${what.name} trailer record count`);
  if (count !== level.records) {
    throw bai2Error(
      'count_mismatch',
      record.line,
      `${what.name} trailer says ${count} records but ${what.owner} has ${level.records}; ${CUT_SHORT}`,
    );
  }
}

/**
 * The 98 and 99 trailers: how many accounts (or groups) they close, then total and records, each
 * checked against what was read.
 */
function checkClosingTrailer(
  record: LogicalRecord,
  level: Level,
  what: { name: 'group' | 'file'; sum: string; owner: string; counted: 'account' | 'group' },
  actualCount: number,
): void {
  const fields = recordFields(record);
  const count = parseBaiAmount((fields[1] ?? '').trim(), record.line, `${what.name} trailer ${what.counted} count`);
  if (count !== actualCount) {
    throw bai2Error(
      'count_mismatch',
      record.line,
      `${what.name} trailer says ${count} ${what.counted}s but ${what.owner} has ${actualCount}; ${CUT_SHORT}`,
    );
  }
  checkTrailer(record, level, what, { total: (fields[0] ?? '').trim(), records: (fields[2] ?? '').trim() });
}

/** The 03 record: account, currency, then summary/status type code, amount, item count, funds type. */
function readAccount(record: LogicalRecord, group: GroupLevel): AccountLevel {
  const fields = recordFields(record);
  const account = (fields[0] ?? '').trim();
  if (account === '') throw bai2Error('bad_field', record.line, 'the 03 account record has no account number');
  const currency = (fields[1] ?? '').trim() || group.currency;
  const level: AccountLevel = {
    line: record.line,
    records: physicalCount(record),
    total: 0,
    account,
    currency,
    closingLedgerCents: null,
  };
  const cursor = arrayFields(fields, 2);
  while (fields.slice(cursor.index).some((f) => f.trim() !== '')) {
    const typeField = cursor.next().trim();
    // Banks leave summary slots empty ("03,107049924,USD,,,,,060,...") and put a comma before the
    // 88 that continues the list: an empty field where a type code belongs holds nothing to read.
    if (typeField === '') continue;
    const typeCode = parseTypeCode(typeField, record.line, 'account summary type code');
    const amountField = cursor.next();
    const amount =
      amountField === '' ? 0 : parseBaiAmount(amountField, record.line, `summary ${typeCode} amount`, true);
    const items = cursor.next();
    if (items !== '' && !/^\d+$/.test(items)) {
      throw bai2Error('bad_field', record.line, `summary ${typeCode} item count "${shown(items)}" is not a number`);
    }
    readFundsType(cursor, record.line);
    level.total += amount;
    if (typeCode === 15 && amountField !== '') level.closingLedgerCents = amount;
  }
  return level;
}

function readDetail(record: LogicalRecord, account: AccountLevel, asOf: string, counter: IdentityCounter): BankLine {
  const cursor = new DetailCursor(record.first.text);
  const typeField = cursor.next();
  const typeCode = parseTypeCode(typeField, record.line, 'transaction type code');
  const direction = directionOf(typeCode);
  if (direction === null) {
    throw bai2Error(
      'bad_field',
      record.line,
      `transaction type code ${shown(typeField)} is neither a credit (100-399, 920-959) nor a debit (400-699, 960-999) code; ask the bank which it is`,
    );
  }
  const amountField = cursor.next();
  const amount = parseBaiAmount(amountField, record.line, 'transaction amount');
  readFundsType(cursor, record.line);
  const bankReference = cursor.next().trim();
  cursor.next(); // The customer reference is the district's own number; matching keys on the bank's.
  // Banks break 88 text at word or addenda boundaries, so a space rejoins it the way it reads.
  const rest = cursor.rest();
  const text =
    record.continuations.length === 0
      ? rest
      : [rest, ...record.continuations.map((c) => trimText(c.text.slice(3)))].filter((part) => part !== '').join(' ');
  account.total += amount;
  const amountCents = direction * amount;
  const identity = bankReference
    ? counter.next(['bai2', account.account, 'ref', bankReference, asOf, amountCents])
    : counter.next(['bai2', account.account, asOf, amountCents, typeField, text]);
  return {
    account: account.account,
    postedDate: asOf,
    amountCents,
    typeCode: typeField,
    bankReference,
    text,
    raw:
      record.continuations.length === 0
        ? record.first.text
        : [record.first, ...record.continuations].map((r) => r.text).join('\n'),
    identity,
    lineNumber: record.line,
  };
}

export function parseBai2(text: string): ParsedStatement {
  const tally = new StatementTally();
  const lines = [...bai2Lines(text, tally)];
  return { ...tally.result('bai2'), lines };
}

/** A BAI2 file's lines, parsed as the importer stores them (none of them held at once). */
export function bai2Source(text: string): StatementSource {
  let tally = new StatementTally();
  return {
    format: 'bai2',
    lines: {
      [Symbol.iterator]: () => {
        tally = new StatementTally();
        return bai2Lines(text, tally);
      },
    },
    accountsSoFar: () => tally.accountsSoFar(),
    summary: () => tally.result('bai2'),
  };
}

/** The file's lines in order, the file's accounts and dates told to `tally` as they are read. */
function* bai2Lines(text: string, tally: StatementTally): Generator<BankLine, void, undefined> {
  const records = logicalRecords(text);
  const header = records.next().value;
  if (!header || header.code !== '01') {
    throw bai2Error(
      'not_this_format',
      header?.line ?? 1,
      'the file does not start with a 01 file header; it is not a BAI2 file',
    );
  }
  const version = (recordFields(header)[7] ?? '').trim();
  if (version !== '' && version !== '2') {
    throw bai2Error(
      'not_this_format',
      header.line,
      `the file is BAI version ${shown(version)}; only version 2 (BAI2) files can be read`,
    );
  }

  const counter = new IdentityCounter();
  const file = { line: header.line, records: physicalCount(header), total: 0, groups: 0 };
  let group: GroupLevel | null = null;
  let account: AccountLevel | null = null;
  let closed = false;
  let last = header;

  for (const record of records) {
    last = record;
    const count = physicalCount(record);
    if (closed)
      throw bai2Error(
        'structure',
        record.line,
        'a record follows the 99 file trailer; the file may hold two files run together',
      );
    file.records += count;
    if (group) group.records += count;
    if (account) account.records += count;

    switch (record.code) {
      case '01':
        throw bai2Error(
          'structure',
          record.line,
          'a second 01 file header inside the file; the file may hold two files run together',
        );
      case '02': {
        if (group)
          throw bai2Error(
            'missing_trailer',
            record.line,
            `a 02 group header before the 98 trailer of the group opened on line ${group.line}; ${CUT_SHORT}`,
          );
        const fields = recordFields(record);
        const asOf = parseBaiDate((fields[3] ?? '').trim(), record.line, 'group as-of date');
        group = {
          line: record.line,
          records: count,
          total: 0,
          asOf,
          currency: (fields[5] ?? '').trim() || null,
          accounts: 0,
        };
        tally.date(asOf);
        break;
      }
      case '03':
        if (!group) throw bai2Error('structure', record.line, 'a 03 account record outside any 02 group');
        if (account)
          throw bai2Error(
            'missing_trailer',
            record.line,
            `account ${account.account} (line ${account.line}) has no 49 trailer before the next 03 account; ${CUT_SHORT}`,
          );
        account = readAccount(record, group);
        group.accounts += 1;
        tally.account(account.account, account.currency, account.closingLedgerCents);
        break;
      case '16':
        if (!account || !group) throw bai2Error('structure', record.line, 'a 16 transaction outside any 03 account');
        {
          const line = readDetail(record, account, group.asOf, counter);
          tally.line(line);
          yield line;
        }
        break;
      case '49': {
        if (!account || !group)
          throw bai2Error('structure', record.line, 'a 49 account trailer with no 03 account open');
        const fields = recordFields(record);
        checkTrailer(
          record,
          account,
          { name: 'account', sum: `its 03 and 16 amounts`, owner: `account ${account.account}` },
          {
            total: (fields[0] ?? '').trim(),
            records: (fields[1] ?? '').trim(),
          },
        );
        group.total += account.total;
        account = null;
        break;
      }
      case '98': {
        if (!group) throw bai2Error('structure', record.line, 'a 98 group trailer with no 02 group open');
        if (account)
          throw bai2Error(
            'missing_trailer',
            record.line,
            `account ${account.account} (line ${account.line}) has no 49 trailer before the 98 group trailer; ${CUT_SHORT}`,
          );
        checkClosingTrailer(
          record,
          group,
          { name: 'group', sum: 'its accounts', owner: 'the group', counted: 'account' },
          group.accounts,
        );
        file.total += group.total;
        file.groups += 1;
        group = null;
        break;
      }
      case '99': {
        if (account)
          throw bai2Error(
            'missing_trailer',
            record.line,
            `account ${account.account} (line ${account.line}) has no 49 trailer before the 99 file trailer; ${CUT_SHORT}`,
          );
        if (group)
          throw bai2Error(
            'missing_trailer',
            record.line,
            `the group opened on line ${group.line} has no 98 trailer before the 99 file trailer; ${CUT_SHORT}`,
          );
        checkClosingTrailer(
          record,
          file,
          { name: 'file', sum: 'its groups', owner: 'the file', counted: 'group' },
          file.groups,
        );
        closed = true;
        break;
      }
    }
  }

  const lastLine = last.continuations.at(-1)?.line ?? last.line;
  if (!closed) {
    const open = account
      ? `inside account ${account.account} (line ${account.line}), before its 49 trailer`
      : group
        ? `inside the group opened on line ${group.line}, before its 98 trailer`
        : 'before its 99 file trailer';
    throw bai2Error('missing_trailer', lastLine, `the file ends ${open}; ${CUT_SHORT}`);
  }
  if (file.groups === 0) throw bai2Error('empty', lastLine, 'the file has no 02 group, so no statement in it');
}
