/**
 * collectWithin: how both HTTP clients read an answer under a byte cap (the service's and the
 * district server's).
 */
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { collectWithin, TooLargeError } from '../../electron/engine/collectWithin';

describe('collectWithin', () => {
  it('joins the bytes of a stream within the cap, the cap itself included', async () => {
    const bytes = await collectWithin(Readable.from([Buffer.from('abc'), Buffer.from('def')]), 6);
    expect(bytes.toString('utf8')).toBe('abcdef');
  });

  it('past the cap stops reading and refuses before the stream ends, leaving the stream to its caller', async () => {
    const stream = new PassThrough();
    const collected = collectWithin(stream, 4);
    stream.write(Buffer.from('abc'));
    stream.write(Buffer.from('de'));
    await expect(collected).rejects.toBeInstanceOf(TooLargeError);
    expect(stream.listenerCount('data')).toBe(0);
    // A server answers 413 and then drains the rest; a client destroys its request.
    expect(stream.destroyed).toBe(false);
  });

  it("rejects with the stream's own error", async () => {
    const stream = new PassThrough();
    const collected = collectWithin(stream, 100);
    stream.destroy(new Error('socket hang up'));
    await expect(collected).rejects.toThrow('socket hang up');
  });
});
