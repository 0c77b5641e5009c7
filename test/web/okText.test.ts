import { describe, expect, it } from 'vitest';
import { okText } from '../../electron/web/http';
import { deepFreeze } from '../../electron/engine/readCache';

describe('okText', () => {
  it('is the JSON of { ok: true, result }, for plain and frozen results alike', () => {
    const result = { rows: [{ id: 'B-1', cents: 1250, note: 'a "quoted" \u00e9' }], total: null };
    const plain = okText(result);
    expect(JSON.parse(plain)).toEqual({ ok: true, result });
    expect(okText(deepFreeze(structuredClone(result)))).toBe(plain);
    expect(okText(null)).toBe('{"ok":true,"result":null}');
    expect(okText('text')).toBe('{"ok":true,"result":"text"}');
  });

  it("keeps a frozen result's text (it cannot change), but never a result that can", () => {
    const frozen = deepFreeze({ rows: [1, 2, 3] });
    expect(okText(frozen)).toBe(okText(frozen));
    const open = { rows: [1, 2, 3] };
    expect(okText(open)).toBe('{"ok":true,"result":{"rows":[1,2,3]}}');
    open.rows.push(4);
    expect(okText(open)).toBe('{"ok":true,"result":{"rows":[1,2,3,4]}}');
  });
});
