import { describe, expect, it } from 'vitest';
import { storedMethods, storedPayeeIds } from '../../../electron/engine/store/exports/storedScope';

describe("an export's stored scope", () => {
  it('reads back the lists an export row keeps', () => {
    expect(storedPayeeIds('[3,17]')).toEqual([3, 17]);
    expect(storedPayeeIds('[]')).toEqual([]);
    expect(storedMethods('["ACH","PhysicalCheck"]')).toEqual(['ACH', 'PhysicalCheck']);
  });

  it('refuses a list that is not what an export writes, naming it, rather than covering the wrong rows', () => {
    expect(() => storedMethods('["ACH","Wire"]')).toThrow(
      /stored payment methods are not the service's methods \(\["ACH","Wire"\]\)/,
    );
    expect(() => storedMethods('"ACH"')).toThrow(/payment methods/);
    expect(() => storedPayeeIds('[3,"17"]')).toThrow(/stored school list is not a list of school ids/);
    expect(() => storedPayeeIds('{"id":3}')).toThrow(/school ids/);
  });
});
