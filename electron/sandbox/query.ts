/** Query-string parameters: paging, id lists, methods, dates, extensions. Problems become 400 INVALID_FIELD. */
import { PAYMENT_METHODS, type PaymentMethod } from '../../shared/domain/service';
import { isBusinessDate, parseServiceDateTime, businessDayBounds, type BusinessDate } from '../../shared/time';
import { invalidField } from './errors';

export const DEFAULT_LIMIT = 30;
/** The spec: limit "should not exceed 100". We refuse above it (a silent cap would make a client that asked for 200 stop early). */
export const MAX_LIMIT = 100;

export interface Paging {
  offset: number;
  limit: number;
}

/** All values of a parameter, repeated or comma-separated, empty parts dropped. */
export function listParam(params: URLSearchParams, name: string): string[] | undefined {
  const values = params.getAll(name);
  if (values.length === 0) return undefined;
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

function wholeNumber(value: string, name: string, min: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) {
    throw invalidField(`${name}: ${JSON.stringify(value)} must be a whole number of at least ${min}`);
  }
  return Number(value);
}

export function parsePaging(params: URLSearchParams): Paging {
  const limitText = params.get('limit');
  const offsetText = params.get('offset');
  const limit = limitText === null ? DEFAULT_LIMIT : wholeNumber(limitText, 'limit', 1);
  if (limit > MAX_LIMIT) throw invalidField(`limit: ${limit} is above the maximum page size of ${MAX_LIMIT}`);
  const offset = offsetText === null ? 0 : wholeNumber(offsetText, 'offset', 0);
  return { offset, limit };
}

export function intListParam(params: URLSearchParams, name: string): number[] | undefined {
  return listParam(params, name)?.map((v) => {
    if (!/^\d+$/.test(v)) throw invalidField(`${name}: ${JSON.stringify(v)} is not an id`);
    return Number(v);
  });
}

export function intParam(params: URLSearchParams, name: string): number | undefined {
  const value = params.get(name);
  return value === null ? undefined : wholeNumber(value, name, 0);
}

export function methodsParam(params: URLSearchParams, name: string): Set<PaymentMethod> | undefined {
  const values = listParam(params, name);
  if (!values) return undefined;
  for (const v of values) {
    if (!(PAYMENT_METHODS as readonly string[]).includes(v)) {
      throw invalidField(`${name}: ${JSON.stringify(v)} is not one of ${PAYMENT_METHODS.join(', ')}`);
    }
  }
  return new Set(values as PaymentMethod[]);
}

/** A service date-time (`%Y-%m-%d %H:%M:%S`, Central) or a bare date (its midnight), as epoch ms. */
export function dateTimeParam(params: URLSearchParams, name: string): number | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (isBusinessDate(value)) return businessDayBounds(value).start.epochMilliseconds;
  try {
    return parseServiceDateTime(value, name).epochMilliseconds;
  } catch {
    throw invalidField(`${name}: ${JSON.stringify(value)} must be a date-time like 2026-03-08 13:45:00 (Central time)`);
  }
}

export function dateParam(params: URLSearchParams, name: string): BusinessDate | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (!isBusinessDate(value)) throw invalidField(`${name}: ${JSON.stringify(value)} must be a date like 2014-01-01`);
  return value;
}

/** Extensions are named in `extensions` (comma-separated; `extension` also read). An unknown one is refused. */
export function extensionsParam<K extends string>(
  params: URLSearchParams,
  allowed: readonly K[],
  endpoint: string,
): Set<K> {
  const names = [...(listParam(params, 'extensions') ?? []), ...(listParam(params, 'extension') ?? [])];
  for (const name of names) {
    if (!(allowed as readonly string[]).includes(name)) {
      throw invalidField(
        `extensions: ${JSON.stringify(name)} is not available on ${endpoint} (available: ${allowed.join(', ')})`,
      );
    }
  }
  return new Set(names as K[]);
}
