/**
 * A minimal zip (PKWARE APPNOTE 6.3: local headers, central directory, end record; deflate) for the
 * Escape layout's one-file-per-day export. Its files are a few KB of CSV each, so each is built in memory;
 * the archive is one file, so the export's write-to-temp-then-rename stays one outcome. No zip64: the
 * writer refuses more than 65,535 files or 4 GB, far beyond a period's deposits.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipFile {
  name: string;
  data: Buffer;
}

/** DOS date and time of a YYYY-MM-DD date at noon (zip stores local time with 2-second steps). */
function dosStamp(date: string): { time: number; day: number } {
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  return { time: 12 << 11, day: ((year - 1980) << 9) | (month << 5) | dayOfMonth };
}

interface Member {
  time: number;
  day: number;
  crc: number;
  packedSize: number;
  size: number;
  nameSize: number;
}

/**
 * The fields a member's local header (from byte 4) and its central directory entry (from byte 6)
 * both have, in the same order: version needed to extract through the name's length.
 */
function writeMemberFields(header: Buffer, at: number, member: Member): void {
  header.writeUInt16LE(20, at); // version needed: 2.0 (deflate)
  header.writeUInt16LE(0x0800, at + 2); // names are UTF-8
  header.writeUInt16LE(8, at + 4); // deflate
  header.writeUInt16LE(member.time, at + 6);
  header.writeUInt16LE(member.day, at + 8);
  header.writeUInt32LE(member.crc, at + 10);
  header.writeUInt32LE(member.packedSize, at + 14);
  header.writeUInt32LE(member.size, at + 18);
  header.writeUInt16LE(member.nameSize, at + 22);
}

/** The archive's bytes; `date` stamps every member (the export's day, not the machine's clock). */
export function zipArchive(files: readonly ZipFile[], date: string): Buffer {
  if (files.length > 0xffff) throw new RangeError('A zip without zip64 holds at most 65,535 files.');
  const { time, day } = dosStamp(date);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const packed = deflateRawSync(file.data);
    const crc = crc32(file.data);
    const member: Member = { time, day, crc, packedSize: packed.length, size: file.data.length, nameSize: name.length };
    // extra length (the local header's last field) stays zero
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeMemberFields(local, 4, member);
    locals.push(local, name, packed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by: 2.0, MS-DOS attributes
    writeMemberFields(central, 6, member);
    // extra length, comment length, disk number, internal and external attributes: all zero
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  if (offset + directory.length > 0xffffffff) throw new RangeError('A zip without zip64 holds at most 4 GB.');
  return Buffer.concat([...locals, directory, end]);
}
