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
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(day, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, packed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by: 2.0, MS-DOS attributes
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(day, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
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
