import { describe, expect, it } from 'vitest';
import { $uploadsInFlight, beginUpload } from '../../../src/stores/uploads-in-flight';

describe('uploads in flight', () => {
  it('counts overlapping uploads and ends each one once', () => {
    const first = beginUpload();
    const second = beginUpload();
    expect($uploadsInFlight.get()).toBe(2);
    first();
    first();
    expect($uploadsInFlight.get()).toBe(1);
    second();
    expect($uploadsInFlight.get()).toBe(0);
  });
});
