import { describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import {
  changedFields,
  onlyFieldsChanged,
  sameFieldValue,
} from '../../../../src/domain/shared/field-changes.ts';

describe('sameFieldValue', () => {
  it('compares maps and arrays deeply, and times by the instant they name', () => {
    expect(sameFieldValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameFieldValue({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false);
    expect(sameFieldValue([1], { 0: 1 })).toBe(false);
    expect(sameFieldValue(Timestamp.fromMillis(5_000), new Date(5_000))).toBe(true);
    expect(sameFieldValue(Timestamp.fromMillis(5_000), Timestamp.fromMillis(6_000))).toBe(false);
    expect(sameFieldValue(null, undefined)).toBe(false);
  });
});

describe('changedFields', () => {
  it('names fields changed, added and removed, and not the ones re-written unchanged', () => {
    expect(
      changedFields(
        { title: 'A', views_count: 1, gone: true, at: Timestamp.fromMillis(1) },
        { title: 'A', views_count: 2, added: 'x', at: Timestamp.fromMillis(1) },
      ).sort(),
    ).toEqual(['added', 'gone', 'views_count']);
  });
});

describe('onlyFieldsChanged', () => {
  const fields = ['views_count'];
  it('is true for an update that moved only the listed fields', () => {
    expect(onlyFieldsChanged({ title: 'A', views_count: 1 }, { title: 'A', views_count: 2 }, fields)).toBe(
      true,
    );
  });
  it('is false when any other field changed with them', () => {
    expect(onlyFieldsChanged({ title: 'A', views_count: 1 }, { title: 'B', views_count: 2 }, fields)).toBe(
      false,
    );
  });
  it('is false for a create, a delete and a write that changed nothing', () => {
    expect(onlyFieldsChanged(undefined, { views_count: 0 }, fields)).toBe(false);
    expect(onlyFieldsChanged({ views_count: 3 }, undefined, fields)).toBe(false);
    expect(onlyFieldsChanged({ views_count: 3 }, { views_count: 3 }, fields)).toBe(false);
  });
});
