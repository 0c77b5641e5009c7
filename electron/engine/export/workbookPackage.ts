/**
 * The .xlsx package: the zip (archiver, deflate level 1: most of the size saving at a fraction of
 * the default level's time) and the parts every workbook has: content types, relationships, the
 * workbook's list of sheets, one styles.xml for every sheet (sheetXml.ts names its indexes) and the
 * document properties. The sheets' XML streams in, one sheet after another, each either written as
 * it is made (`sheet`) or taken from a file written meanwhile (`sheetFromFile`), with back-pressure:
 * a write waits while the zip is behind, so no sheet piles up in memory.
 */
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { PassThrough, type Writable } from 'node:stream';
import archiver from 'archiver';
import { openTempForWriting } from './exportTarget';
import { CURRENCY_FORMAT, DATE_FORMAT, xmlText } from './sheetXml';

/** Characters of XML gathered before they are handed on: a few hundred rows. */
const CHUNK_CHARS = 16 * 1024;
/** Bytes a sheet's stream holds before a write waits for the zip. */
const SHEET_BUFFER_BYTES = 64 * 1024;

const SPREADSHEET_ML = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/**
 * Whether a package failed, and a signal that aborts every wait on its streams when it does. Waits
 * take the signal rather than racing a promise of the failure: each race would leave a reaction on
 * that promise for as long as it lives, one per wait, tens of thousands in a large export.
 */
export class Failure {
  private readonly controller = new AbortController();
  private error: Error | null = null;
  readonly signal = this.controller.signal;

  fail(error: Error): void {
    if (this.error) return;
    this.error = error;
    this.controller.abort(error);
  }

  /** Awaits `emitter`'s `event`, throwing the failure instead if there is one before it. */
  async waitFor(emitter: NodeJS.EventEmitter, event: string): Promise<void> {
    this.throwIfFailed();
    try {
      await once(emitter, event, { signal: this.signal });
    } catch (error) {
      this.throwIfFailed();
      throw error;
    }
  }

  throwIfFailed(): void {
    if (this.error) throw this.error;
  }
}

/** Text handed to a stream in chunks, waiting while the stream is full (or throwing if the package failed). */
export class XmlOut {
  private pending = '';

  constructor(
    private readonly stream: Writable,
    private readonly failure: Failure,
  ) {}

  /** Adds `xml`; returns a promise to await only when the stream is full, else null (no await per row). */
  write(xml: string): Promise<void> | null {
    this.pending += xml;
    return this.pending.length < CHUNK_CHARS ? null : this.flush();
  }

  async flush(): Promise<void> {
    const chunk = this.pending;
    this.pending = '';
    if (chunk && !this.stream.write(chunk)) await this.failure.waitFor(this.stream, 'drain');
  }

  /** Flushes and ends the stream, resolving once everything written has left it. */
  async end(): Promise<void> {
    await this.flush();
    const finished = this.failure.waitFor(this.stream, 'finish');
    this.stream.end();
    await finished;
  }
}

export class WorkbookPackage {
  private readonly zip = archiver('zip', { zlib: { level: 1 } });
  private readonly file: Writable;
  /** The first error of the zip or the file; every wait ends on it. */
  readonly failure = new Failure();
  private added = 0;

  /** Opens `file` (an export's reserved temporary file) for a workbook of the sheets `sheetNames`, in order. */
  constructor(
    file: string,
    private readonly sheetNames: readonly string[],
  ) {
    this.file = openTempForWriting(file);
    this.zip.once('error', (error) => this.failure.fail(error));
    this.file.once('error', (error) => this.failure.fail(error));
    this.zip.pipe(this.file);
    this.zip.append(contentTypes(sheetNames.length), { name: '[Content_Types].xml' });
    this.zip.append(PACKAGE_RELS, { name: '_rels/.rels' });
  }

  /** The next sheet, written as it is made. */
  sheet(): XmlOut {
    const stream = new PassThrough({ highWaterMark: SHEET_BUFFER_BYTES });
    this.zip.append(stream, { name: this.nextSheetPath() });
    return new XmlOut(stream, this.failure);
  }

  /** The next sheet, the whole content of `path` (a file written and closed before this call). */
  sheetFromFile(path: string): void {
    this.zip.append(createReadStream(path), { name: this.nextSheetPath() });
  }

  /** Writes the workbook's other parts and closes the zip; resolves once the file is on disk. */
  async finish(createdAt: string): Promise<void> {
    if (this.added !== this.sheetNames.length)
      throw new Error(`the workbook has ${this.added} of its ${this.sheetNames.length} sheets`);
    this.zip.append(workbookXml(this.sheetNames), { name: 'xl/workbook.xml' });
    this.zip.append(workbookRels(this.sheetNames.length), { name: 'xl/_rels/workbook.xml.rels' });
    this.zip.append(STYLES, { name: 'xl/styles.xml' });
    this.zip.append(coreProperties(createdAt), { name: 'docProps/core.xml' });
    this.zip.append(appProperties(this.sheetNames), { name: 'docProps/app.xml' });
    // finalize() settles when the zip has handed on its last byte, or rejects with the zip's error;
    // the file's close (or its error) says the bytes are on disk.
    await Promise.all([this.zip.finalize(), this.failure.waitFor(this.file, 'close')]);
  }

  /** Stops writing after a failure; the caller removes the file. */
  abort(): void {
    this.zip.abort();
    this.file.destroy();
  }

  private nextSheetPath(): string {
    this.added += 1;
    if (this.added > this.sheetNames.length) throw new Error(`the workbook has only ${this.sheetNames.length} sheets`);
    return `xl/worksheets/sheet${this.added}.xml`;
  }
}

const CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument';

function contentTypes(sheets: number): string {
  const sheetTypes = Array.from(
    { length: sheets },
    (_, i) =>
      `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${CONTENT_TYPE}.spreadsheetml.worksheet+xml"/>`,
  ).join('');
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
    `<Default Extension="xml" ContentType="application/xml"/>` +
    `<Override PartName="/xl/workbook.xml" ContentType="${CONTENT_TYPE}.spreadsheetml.sheet.main+xml"/>${sheetTypes}` +
    `<Override PartName="/xl/styles.xml" ContentType="${CONTENT_TYPE}.spreadsheetml.styles+xml"/>` +
    `<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>` +
    `<Override PartName="/docProps/app.xml" ContentType="${CONTENT_TYPE}.extended-properties+xml"/></Types>`
  );
}

const PACKAGE_RELS =
  `${XML_HEAD}<Relationships xmlns="${RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${OFFICE_RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>` +
  `<Relationship Id="rId2" Type="${RELATIONSHIPS}/metadata/core-properties" Target="docProps/core.xml"/>` +
  `<Relationship Id="rId3" Type="${OFFICE_RELATIONSHIPS}/extended-properties" Target="docProps/app.xml"/></Relationships>`;

function workbookXml(names: readonly string[]): string {
  const sheets = names
    .map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 2}"/>`)
    .join('');
  return `${XML_HEAD}<workbook xmlns="${SPREADSHEET_ML}" xmlns:r="${OFFICE_RELATIONSHIPS}"><bookViews><workbookView/></bookViews><sheets>${sheets}</sheets></workbook>`;
}

function workbookRels(sheets: number): string {
  const rels = Array.from(
    { length: sheets },
    (_, i) =>
      `<Relationship Id="rId${i + 2}" Type="${OFFICE_RELATIONSHIPS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join('');
  return `${XML_HEAD}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE_RELATIONSHIPS}/styles" Target="styles.xml"/>${rels}</Relationships>`;
}

// cellXfs in sheetXml.ts's STYLE order (plain, date, money, count), then the same four bold.
const NUMBER_FORMATS = [0, 164, 165, 1];
const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${SPREADSHEET_ML}">` +
  `<numFmts count="2"><numFmt numFmtId="164" formatCode="${xmlText(DATE_FORMAT)}"/><numFmt numFmtId="165" formatCode="${xmlText(CURRENCY_FORMAT)}"/></numFmts>` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  `<cellXfs count="8">${[0, 1]
    .flatMap((font) =>
      NUMBER_FORMATS.map(
        (format) =>
          `<xf numFmtId="${format}" fontId="${font}" fillId="0" borderId="0" xfId="0"${format ? ' applyNumberFormat="1"' : ''}${font ? ' applyFont="1"' : ''}/>`,
      ),
    )
    .join('')}</cellXfs>` +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles><dxfs count="0"/><tableStyles count="0"/></styleSheet>';

function coreProperties(createdAt: string): string {
  const at = createdAt.replace(/\.\d+Z$/, 'Z');
  return (
    `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    `<dc:creator>District Recon</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${at}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${at}</dcterms:modified></cp:coreProperties>`
  );
}

function appProperties(names: readonly string[]): string {
  const titles = names.map((n) => `<vt:lpstr>${xmlText(n)}</vt:lpstr>`).join('');
  return (
    `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">` +
    `<Application>District Recon</Application><HeadingPairs><vt:vector size="2" baseType="variant"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant><vt:variant><vt:i4>${names.length}</vt:i4></vt:variant></vt:vector></HeadingPairs>` +
    `<TitlesOfParts><vt:vector size="${names.length}" baseType="lpstr">${titles}</vt:vector></TitlesOfParts></Properties>`
  );
}
