/** Finding a page's objects in its text without parsing it (the nightly's re-read, issue 31). */
import { describe, expect, it } from 'vitest';
import { pageObjectSpans } from '../../../electron/engine/api/pageObjects';

const objectsOf = (text: string) => {
  const page = pageObjectSpans(text);
  if (!page) return null;
  const objects: string[] = [];
  for (let k = 0; k < page.spans.length; k += 2) objects.push(text.slice(page.spans[k], page.spans[k + 1]));
  return { envelope: page.envelope, objects };
};

describe('pageObjectSpans', () => {
  it('gives each object of `objects` as its exact text, and the page with the array emptied', () => {
    const objects = [
      { id: 1, data: 'a } tricky ] "string" {', items: [{ id: 'x', n: [1, [2]] }] },
      { id: 2, note: 'back\\slash\\', nested: { objects: [{ id: 9 }] } },
      { id: 3, text: 'caf\u00e9 \u2603' },
    ];
    const text = JSON.stringify({ offset: 0, limit: 100, objects, after: { objects: [] } });
    const found = objectsOf(text)!;
    expect(found.objects).toEqual(objects.map((o) => JSON.stringify(o)));
    expect(JSON.parse(found.envelope)).toEqual({ offset: 0, limit: 100, objects: [], after: { objects: [] } });
  });

  it('takes the text as the service spaced it: each object is its own bytes, not ours', () => {
    const text = '{\n  "objects" : [ {"id": 1,\n "a": [ ]} ,\n{ "id":2 } ],\n "limit": 100\n}\n';
    const found = objectsOf(text)!;
    expect(found.objects).toEqual(['{"id": 1,\n "a": [ ]}', '{ "id":2 }']);
    expect(JSON.parse(found.envelope)).toEqual({ objects: [], limit: 100 });
    expect(objectsOf('{"objects":[]}')).toEqual({ envelope: '{"objects":[]}', objects: [] });
  });

  it('gives nothing for what is not a page of objects (the caller then parses it whole)', () => {
    for (const text of [
      '',
      '[{"id":1}]',
      '{"limit":100}',
      '{"objects":{"id":1}}',
      '{"objects":[1,2]}',
      '{"objects":[{"id":1},]}',
      '{"objects":[{"id":1} {"id":2}]}',
      '{"objects":[{"id":1}',
      '{"objects":[{"id":"1}]}',
      '{"objects":[],"objects":[{"id":1}]}',
      '{objects:[{"id":1}]}',
      '{"objects"[{"id":1}]}',
      '<html>{"objects":[]}</html>',
    ])
      expect(objectsOf(text), text).toBeNull();
  });
});
