/**
 * The Month and District views' files (issue 29 items 2 and 4): the auditor's packet, the district
 * packet and the district workbook, asked of the engine and handed to the browser as a download
 * under the engine's file name, with the packet's DRAFT and SHA-256 said.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DistrictStatus, MonthStatus } from '../../../shared/contract';
import { DistrictView } from '../../../renderer/src/views/district/DistrictView';
import { MonthView } from '../../../renderer/src/views/month/MonthView';
import { fails, useFakeEngine } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import * as make from '../helpers/fixtures';

const figures = {
  deposits: 2,
  signedOff: 2,
  bankMatched: 2,
  inTransit: 0,
  depositCents: 5000,
  bankMatchedCents: 5000,
  inTransitCents: 0,
  differenceCents: 0,
  pendingApprovals: 0,
};

const status: MonthStatus = make.monthStatus({ figures });

const PDF = '%PDF-1.7 the packet';
const SHA = 'ab'.repeat(32);

/** What the page handed the browser to download: the link's file name and the blob's bytes. */
function downloads() {
  const handed: Array<{ fileName: string; type: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href)!;
    handed.push({ fileName: this.download, type: blob.type, blob });
  });
  return handed;
}

afterEach(() => vi.restoreAllMocks());

describe("the Month view's packet button", () => {
  beforeEach(() => {
    window.location.hash = '#/month/1?month=2026-10';
  });

  it("downloads the school's packet, DRAFT while the month is open", async () => {
    const handed = downloads();
    const engine = useFakeEngine({
      'payees.list': () => [make.payee({ id: 1, name: 'Lincoln High Athletics' })],
      'month.status': () => status,
      'month.packet': () => ({
        pdfBase64: btoa(PDF),
        sha256: SHA,
        draft: true,
        fileName: 'district-recon-packet-2026-10-1.pdf',
      }),
    });
    render(<MonthView itemId="1" />);
    await userEvent.click(await screen.findByRole('button', { name: "Print the auditor's packet (DRAFT)" }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `district-recon-packet-2026-10-1.pdf (DRAFT: the month is not closed), SHA-256 ${SHA}.`,
    );
    expect(engine.callsOf('month.packet')).toEqual([{ month: '2026-10', payeeId: 1 }]);
    expect(handed.map((h) => [h.fileName, h.type])).toEqual([
      ['district-recon-packet-2026-10-1.pdf', 'application/pdf'],
    ]);
    expect(await handed[0]!.blob.text()).toBe(PDF);
  });

  it('says what the engine refused, and downloads nothing', async () => {
    const handed = downloads();
    useFakeEngine({
      'payees.list': () => [make.payee({ id: 1 })],
      'month.status': () => ({ ...status, state: 'closed', closedBy: 'carol' }),
      'month.packet': fails('NOT_FOUND', 'no school with payee id 1; see district-recon status for the ids'),
    });
    render(<MonthView itemId="1" />);
    await userEvent.click(await screen.findByRole('button', { name: "Print the auditor's packet" }));
    expect(await screen.findByRole('alert')).toHaveTextContent('no school with payee id 1');
    expect(handed).toEqual([]);
  });
});

describe("the District view's files", () => {
  beforeEach(() => {
    window.location.hash = '#/month?month=2026-10';
  });

  const district: DistrictStatus = {
    month: '2026-10',
    deadline: '2026-11-15',
    rows: [
      {
        ...figures,
        payeeId: 1,
        payeeName: 'Lincoln',
        state: 'closed',
        daysPastDeadline: 0,
        openItems: 0,
        closedBy: 'c',
      },
      {
        ...figures,
        payeeId: 2,
        payeeName: 'Food',
        state: 'submitted',
        daysPastDeadline: 0,
        openItems: 0,
        closedBy: null,
      },
    ],
    district: { item: 'district_lines_decided', title: 'Bank lines of no school', met: true, open: 0, firstOpen: [] },
  };

  it('exports the schools to Excel and prints the district packet', async () => {
    const handed = downloads();
    const engine = useFakeEngine({
      'month.district': () => district,
      'month.districtWorkbook': () => ({
        xlsxBase64: btoa('PK workbook'),
        fileName: 'district-recon-district-2026-10.xlsx',
        schools: 2,
      }),
      'month.packet': () => ({
        pdfBase64: btoa(PDF),
        sha256: SHA,
        draft: true,
        fileName: 'district-recon-packet-2026-10-district.pdf',
      }),
    });
    render(<DistrictView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText('district-recon-district-2026-10.xlsx: 2 schools.')).toBeInTheDocument();
    // One school is not closed: the district packet is a draft.
    await userEvent.click(screen.getByRole('button', { name: 'Print the district packet (DRAFT)' }));
    expect(await screen.findByText(/district-recon-packet-2026-10-district\.pdf \(DRAFT/)).toBeInTheDocument();
    expect(engine.callsOf('month.districtWorkbook')).toEqual([{ month: '2026-10' }]);
    expect(engine.callsOf('month.packet')).toEqual([{ month: '2026-10' }]);
    expect(handed.map((h) => h.fileName)).toEqual([
      'district-recon-district-2026-10.xlsx',
      'district-recon-packet-2026-10-district.pdf',
    ]);
    expect(handed[0]!.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(await handed[0]!.blob.text()).toBe('PK workbook');
  });
});
