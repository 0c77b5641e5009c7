/**
 * The export section of Settings: the default layout, the accounts, and what each ERP layout needs
 * (docs/erp-layouts.md), shown for the layout chosen. The engine checks every value on save and
 * says in words what it refuses.
 */
import type { ExportLayout, Settings } from '../../../../shared/contract';
import { ESCAPE_JE_TYPES } from '../../../../shared/domain';
import { ChoiceField, NumberField, optionsOf, TextField } from '../../components/Fields';
import { EXPORT_LAYOUT_LABELS, EXPORT_LAYOUT_OPTIONS } from '../../labels';
import { QuickbooksNames } from './QuickbooksNames';
import { DefaultAccounts, ErpAccountCodes } from './AccountMaps';
import { ERP_CODE_LAYOUTS, type ErpCodeLayout } from '../../../../shared/contract';
import './settings.css';

export type ExportDraft = Pick<
  Settings,
  | 'exportLayout'
  | 'clearingAccount'
  | 'depositAccount'
  | 'escapeOrgId'
  | 'escapeJeType'
  | 'escapeDeptId'
  | 'ascenderContraObject'
  | 'ascenderContraSubObject'
  | 'ascenderNextReceipt'
  | 'quickbooksAccountNames'
>;

/** The type the export writes for a stored one: blank, or our old default `JE`, is CashRec. */
export function escapeJeTypeOf(stored: string): string {
  return stored === '' || stored === 'JE' ? 'CashRec' : stored;
}

function escapeJeTypeOptions(shown: string) {
  const options = optionsOf(ESCAPE_JE_TYPES, (type) => (type === 'CashRec' ? 'CashRec (cash receipts)' : type));
  // A stored value Escape does not know stays visible, so it can be seen and replaced.
  if (!(ESCAPE_JE_TYPES as readonly string[]).includes(shown)) {
    options.unshift({ value: shown, label: `${shown} (not an Escape type: the export refuses it)` });
  }
  return options;
}

type TextSetting =
  | 'clearingAccount'
  | 'depositAccount'
  | 'escapeOrgId'
  | 'escapeDeptId'
  | 'ascenderContraObject'
  | 'ascenderContraSubObject';

/** The free-text settings of this section: what each is called, how long it may be, what to put in it. */
const TEXT_SETTINGS: Record<TextSetting, { label: string; maxLength: number; hint?: string }> = {
  clearingAccount: { label: 'Clearing account', maxLength: 64 },
  depositAccount: { label: 'Deposit (bank) account', maxLength: 64 },
  escapeOrgId: {
    label: 'Escape organisation ID',
    maxLength: 32,
    hint: 'Required: the export is refused until it is set.',
  },
  escapeDeptId: {
    label: 'Escape department ID',
    maxLength: 8,
    hint: 'Used for General entries only: for every other type Escape requires Business, and the export writes it.',
  },
  ascenderContraObject: {
    label: 'ASCENDER contra offset object',
    maxLength: 4,
    hint: '11XX, 181X or 191X; blank for the district default (Clearing Fund).',
  },
  ascenderContraSubObject: {
    label: 'ASCENDER contra offset sub-object',
    maxLength: 2,
    hint: 'Two characters; blank for the district default.',
  },
};

export function ExportSettings({
  draft,
  set,
}: {
  draft: ExportDraft;
  set<K extends keyof ExportDraft>(key: K, value: ExportDraft[K]): void;
}) {
  const layout = draft.exportLayout;
  const jeType = escapeJeTypeOf(draft.escapeJeType);
  const text = (name: TextSetting) => {
    const { label, maxLength, hint } = TEXT_SETTINGS[name];
    return (
      <TextField
        label={label}
        value={draft[name]}
        onChange={(value) => set(name, value)}
        maxLength={maxLength}
        {...(hint ? { hint } : {})}
      />
    );
  };

  return (
    <>
      <fieldset className="fieldset">
        <legend>Export</legend>
        <div className="form-grid">
          <ChoiceField
            label="Layout"
            value={layout}
            options={optionsOf(EXPORT_LAYOUT_OPTIONS, (option) => EXPORT_LAYOUT_LABELS[option])}
            onChange={(value) => set('exportLayout', value as ExportLayout)}
          />
          {text('clearingAccount')}
          {text('depositAccount')}
        </div>
        {layout === 'escape' && (
          <div className="form-grid">
            {text('escapeOrgId')}
            <ChoiceField
              label="Escape journal entry type"
              value={jeType}
              options={escapeJeTypeOptions(jeType)}
              onChange={(value) => set('escapeJeType', value)}
            />
            {jeType === 'General' && text('escapeDeptId')}
          </div>
        )}
        {layout === 'ascender' && (
          <div className="form-grid">
            {text('ascenderContraObject')}
            {text('ascenderContraSubObject')}
            <NumberField
              label="Next ASCENDER receipt number"
              min={1}
              max={999_999}
              value={draft.ascenderNextReceipt}
              onChange={(value) => set('ascenderNextReceipt', value)}
              hint="1 to 999999. Each ASCENDER export numbers its receipts from here and moves it on."
            />
          </div>
        )}
      </fieldset>
      {layout === 'iif' && (
        <QuickbooksNames
          names={draft.quickbooksAccountNames}
          clearingAccount={draft.clearingAccount}
          onChange={(names) => set('quickbooksAccountNames', names)}
        />
      )}
      {(ERP_CODE_LAYOUTS as readonly string[]).includes(layout) && <ErpAccountCodes layout={layout as ErpCodeLayout} />}
      <DefaultAccounts />
    </>
  );
}
