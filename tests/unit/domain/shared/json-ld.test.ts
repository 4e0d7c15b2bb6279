import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from '../../../../src/domain/shared/json-ld.ts';

describe('serializeJsonLd', () => {
  it('cannot close its script element early, and parses back to the same data', () => {
    const data = { name: '</script><script>alert(1)</script> & more' };
    const text = serializeJsonLd(data);
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual(data);
  });
});
