import { describe, expect, it } from 'vitest';
import { readEventFrame } from '../../shared/eventFrames';

describe('readEventFrame', () => {
  it('reads the event name and its JSON data', () => {
    expect(readEventFrame('event: data.changed\ndata: {"scopes":["batches"]}')).toEqual({
      event: 'data.changed',
      data: '{"scopes":["batches"]}',
    });
  });

  it('joins data lines and passes over comments and ids', () => {
    expect(readEventFrame(': keep-alive\nid: 7\nevent: sync.progress\ndata: {"pages":\ndata: 3}')).toEqual({
      event: 'sync.progress',
      data: '{"pages":3}',
    });
  });

  it('is null for a frame without an event name or without data (a keep-alive)', () => {
    expect(readEventFrame('data: {}')).toBeNull();
    expect(readEventFrame('event: sync.finished')).toBeNull();
    expect(readEventFrame(': keep-alive')).toBeNull();
  });
});
