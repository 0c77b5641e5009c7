/** The district server's address: https, or plain http on this computer only; refusals in one line. */
import { describe, expect, it } from 'vitest';
import { serverOrigin } from '../../electron/main/serverAddress';

describe('serverOrigin', () => {
  it.each([
    ['https://recon.district.org', 'https://recon.district.org'],
    ['  https://recon.district.org/login?x=1  ', 'https://recon.district.org'],
    ['recon.district.org', 'https://recon.district.org'],
    ['https://recon.district.org:8443/', 'https://recon.district.org:8443'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://localhost:8080/', 'http://localhost:8080'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
  ])('takes %j as %s', (typed, origin) => {
    expect(serverOrigin(typed).origin).toBe(origin);
  });

  it.each([
    ['', /^Enter the district server’s address/],
    [
      'http://recon.district.org',
      /^Plain http:\/\/ would send your password unencrypted: use https:\/\/recon\.district\.org\./,
    ],
    ['http://10.0.0.5:8080', /use https:\/\/10\.0\.0\.5:8080/],
    ['http://127.0.0.1.evil.example', /^Plain http:\/\//],
    ['https://ana:secret@recon.district.org', /^Leave the name and password out of the address/],
    ['ftp://recon.district.org', /starts with https:\/\/, not ftp:\/\//],
    ['https://', /is not a web address/],
  ])('refuses %j in one line', (typed, words) => {
    let message = '';
    try {
      serverOrigin(typed);
    } catch (error) {
      message = (error as Error).message;
      expect(error).toMatchObject({ code: 'BAD_ARGUMENTS' });
    }
    expect(message).toMatch(words);
    expect(message).not.toContain('\n');
  });
});
