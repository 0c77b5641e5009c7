/**
 * The method table holds each method's facts in one place (issue 27): its arguments, role, changed
 * scopes and the arguments that carry a file's text. A method added without one of them, or with a
 * fact that names nothing, fails here before any host or handler is asked.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DATA_SCOPES,
  METHOD_CHANGES,
  METHOD_FILE_CONTENT,
  METHOD_NAMES,
  METHOD_ROLES,
  METHODS,
  methodSchemas,
  parseCall,
} from '../../shared/contract';
import { ROLES } from '../../shared/contractRoles';

describe('the method table', () => {
  it('has, for every method the hosts may call, an argument schema, a role and the scopes it changes', () => {
    expect(Object.keys(METHODS).sort()).toEqual([...METHOD_NAMES].sort());
    for (const method of METHOD_NAMES) {
      expect(methodSchemas[method], method).toBeInstanceOf(z.ZodType);
      expect(ROLES, method).toContain(METHOD_ROLES[method]);
      for (const scope of METHOD_CHANGES[method].scopes) expect(DATA_SCOPES, method).toContain(scope);
      expect(['engine', 'handler'], method).toContain(METHOD_CHANGES[method].toldBy);
    }
  });

  it("names as file content only arguments of the method's own schema", () => {
    const withFiles = METHOD_NAMES.filter((method) => METHOD_FILE_CONTENT[method].size > 0);
    expect(withFiles.sort()).toEqual(['bank.import', 'bank.mappings.preview']);
    for (const method of withFiles) {
      const schema = methodSchemas[method];
      expect(schema, method).toBeInstanceOf(z.ZodObject);
      const keys = Object.keys((schema as unknown as z.ZodObject).shape);
      for (const field of METHOD_FILE_CONTENT[method]) expect(keys, method).toContain(field);
    }
  });

  it('leaves a NUL in file content to its parser, and refuses it in any other text, in one line', () => {
    const statement = { content: 'line\u0000padding', fileName: 'march.bai' };
    expect(parseCall('bank.mappings.preview', statement).args).toMatchObject({ content: statement.content });
    expect(() => parseCall('bank.mappings.preview', { ...statement, fileName: 'march\u0000.bai' })).toThrow(
      /^Bad arguments for bank\.mappings\.preview: fileName: contains a NUL character[^\n]*$/,
    );
  });

  it('refuses a payment method the service does not have, naming the field, in one line', () => {
    expect(() => parseCall('transactions.list', { filter: { methods: ['Visa'] } })).toThrow(
      /^Bad arguments for transactions\.list: filter\.methods\.0: [^\n]*"PhysicalCheck"[^\n]*$/,
    );
  });
});
