/**
 * The static, ordered migration list: a bundled main process has no migrations folder at run time.
 * Forward only; the position in this list is the schema version (PRAGMA user_version). The files are
 * kept by the work they came with: sqliteOnly/ (before the PostgreSQL baseline, which PostgreSQL starts
 * from), hardening/ (010-016), actingAndClosing/ (017-025); a new migration goes in the newest folder,
 * or a new one once that holds 14 (test/lint/storeShape.test.ts).
 */
import type { Kysely } from 'kysely';
import * as m001 from './sqliteOnly/001_initial';
import * as m002 from './sqliteOnly/002_reconcile';
import * as m003 from './sqliteOnly/003_sync_search';
import * as m004 from './sqliteOnly/004_first_status';
import * as m005 from './sqliteOnly/005_batches_to_check';
import * as m006 from './sqliteOnly/006_export_status';
import * as m007 from './sqliteOnly/007_bank';
import * as m008 from './sqliteOnly/008_reversals';
import * as m009 from './sqliteOnly/009_team';
import * as m010 from './hardening/010_export_deposits';
import * as m011 from './hardening/011_partial_search_index';
import * as m012 from './hardening/012_raw_digest';
import * as m014 from './hardening/014_bank_line_identity';
import * as m015 from './hardening/015_export_leases';
import * as m016 from './hardening/016_team_hardening';
import * as m017 from './actingAndClosing/017_payment_intents';
import * as m018 from './actingAndClosing/018_settings_changes';
import * as m019 from './actingAndClosing/019_payer_search';
import * as m021 from './actingAndClosing/021_packets';
import * as m020 from './actingAndClosing/020_month_closes';
import * as m022 from './actingAndClosing/022_deposit_slips';
import * as m023 from './actingAndClosing/023_account_maps_and_defaults';
import * as m024 from './actingAndClosing/024_bank_match_slips';
import * as m025 from './actingAndClosing/025_month_close_district';
import * as m026 from './actingAndClosing/026_item_reference_by_statement';

export interface Migration {
  name: string;
  up(db: Kysely<any>): Promise<void>;
}

export const MIGRATIONS: readonly Migration[] = [
  { name: '001_initial', up: m001.up },
  { name: '002_reconcile', up: m002.up },
  { name: '003_sync_search', up: m003.up },
  { name: '004_first_status', up: m004.up },
  { name: '005_batches_to_check', up: m005.up },
  { name: '006_export_status', up: m006.up },
  { name: '007_bank', up: m007.up },
  { name: '008_reversals', up: m008.up },
  { name: '009_team', up: m009.up },
  { name: '010_export_deposits', up: m010.up },
  { name: '011_partial_search_index', up: m011.up },
  { name: '012_raw_digest', up: m012.up },
  { name: '014_bank_line_identity', up: m014.up },
  { name: '015_export_leases', up: m015.up },
  { name: '016_team_hardening', up: m016.up },
  { name: '017_payment_intents', up: m017.up },
  { name: '018_settings_changes', up: m018.up },
  { name: '019_payer_search', up: m019.up },
  { name: '020_month_closes', up: m020.up },
  { name: '021_packets', up: m021.up },
  { name: '022_deposit_slips', up: m022.up },
  { name: '023_account_maps_and_defaults', up: m023.up },
  { name: '024_bank_match_slips', up: m024.up },
  { name: '025_month_close_district', up: m025.up },
  { name: '026_item_reference_by_statement', up: m026.up },
];
