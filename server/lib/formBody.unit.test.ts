// The typed readers of bodies without a schema (multipart uploads, the sandboxes' provider protocols).
import { describe, expect, it } from 'vitest';
import { bodyFields, formBody } from './formBody';
import { pathParam } from './request';

describe('formBody', () => {
  it('gives a file part as a Buffer and a text part as a string (a text sent as a file too), nothing else', () => {
    const photo = Buffer.from([0xff, 0xd8]);
    const body = formBody({ photo, purpose: 'face', note: Buffer.from('gate'), twice: ['a', 'b'] });
    expect(body.file('photo')).toBe(photo);
    expect(body.file('purpose')).toBeUndefined();
    expect(body.text('purpose')).toBe('face');
    expect(body.text('note')).toBe('gate');
    expect(body.text('twice')).toBeUndefined();
    expect(body.file('missing')).toBeUndefined();
    expect(body.text('constructor')).toBeUndefined();
  });

  it('reads no fields from a body that is not an object of fields', () => {
    expect(formBody(null).text('decision')).toBeUndefined();
    expect(formBody('decision=approve').text('decision')).toBeUndefined();
    expect(bodyFields(Buffer.from('{}'))).toEqual({});
    expect(bodyFields({ amount: 100, currency: 'JPY' })).toEqual({ amount: 100, currency: 'JPY' });
  });

  it('pathParam gives the matched path segment', () => {
    expect(pathParam({ params: { id: 'abc' } }, 'id')).toBe('abc');
    expect(() => pathParam({ params: {} }, 'id')).toThrow('no path parameter id');
  });
});
